import { ArrowLeft } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { StandingOrders } from '~/app/components/trade/standing-orders';
import { standingOrderAction } from '~/app/components/trade/standing-orders-action.server';
import { Button } from '~/app/components/ui/button';
import { Badge, Card } from '~/app/components/ui/card';
import { Field } from '~/app/components/ui/field';
import { Input, Select } from '~/app/components/ui/input';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, runPageAction } from '~/app/server/page-action.server';
import { orNotFoundPage } from '~/app/server/service-errors.server';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import type { PriceListRow } from '~/server/trade/trade-accounts-service';
import { formatPence } from '~/shared/money/money';
import { poundsInput } from '~/shared/money/pounds';
import { TRADE_STATUS_LABELS } from '~/shared/trade/trade';
import type { Route } from './+types/trade-account';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Trade account',
    description: 'A trade customer’s prices and terms.',
    noIndex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { trade, zones, standingOrders } = context.services;
  // An unknown account is the 404 page, not a 500.
  const { account, email } = await orNotFoundPage(() => trade.get(params.id), 'Trade account not found');
  const [priceList, zoneList, standing] = await Promise.all([
    trade.priceList(params.id),
    zones.list(),
    account.status === 'approved' ? standingOrders.page({ accountId: account.id }) : null,
  ]);
  return {
    account: { ...account, email, createdAt: account.createdAt.toISOString() },
    priceList,
    zones: zoneList.map((z) => ({ id: z.id, name: z.name })),
    standing: standing && {
      offer: standing.offer,
      deliveryWeekdays: standing.deliveryWeekdays,
      standing: standing.standing,
    },
  };
}

/** approve, decline, terms, price (one product's line) or unprice (off the list): the owner's. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  if (intent.startsWith('standing-') || intent === 'order-change')
    return standingOrderAction(
      context,
      form,
      { accountId: params.id },
      {
        type: 'admin',
        id: user.id,
        name: user.name,
      },
    );
  const { trade } = context.services;
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === 'string'));
  return runPageAction(context, intent, () =>
    intent === 'approve'
      ? trade.approve(params.id)
      : intent === 'decline'
        ? trade.decline(params.id)
        : intent === 'terms'
          ? trade.setTerms(params.id, fields)
          : intent === 'unprice'
            ? trade.removePrice(params.id, field(form, 'productId'))
            : trade.setPrice(params.id, field(form, 'productId'), {
                kind: field(form, 'kind'),
                price: field(form, 'amount'),
                percentOff: field(form, 'amount'),
                caseSize: field(form, 'caseSize'),
                minQuantity: field(form, 'minQuantity'),
              }),
  );
}

const MESSAGES = {
  approve: { success: 'Trade account approved', failure: 'Could not approve it' },
  decline: { success: 'Application declined', failure: 'Could not decline it' },
  terms: { success: 'Terms saved', failure: 'Could not save the terms' },
  price: { success: 'Price saved', failure: 'Could not save the price' },
  unprice: { success: 'Taken off the price list', failure: 'Could not take it off' },
};

export default function AdminTradeAccount({ loaderData }: Route.ComponentProps) {
  const { account: a, priceList, zones, standing } = loaderData;
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, MESSAGES);
  const busy = fetcher.state !== 'idle';
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8">
      <Link to="/admin/trade" className="mb-4 inline-flex items-center gap-1 text-sm hover:underline">
        <ArrowLeft aria-hidden className="size-4" /> Trade customers
      </Link>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{a.businessName}</h1>
        <Badge>{TRADE_STATUS_LABELS[a.status]}</Badge>
      </div>
      <Card className="mb-6 grid gap-2 p-5 sm:grid-cols-2">
        <p>
          {a.address}, {a.city} {a.postcode}
        </p>
        <p>
          {a.contactName}, {a.contactPhone}, {a.email}
        </p>
        <p>VAT number: {a.vatNumber ?? 'none'}</p>
        {a.status !== 'approved' && (
          <div className="flex gap-2">
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="approve" />
              <Button type="submit" disabled={busy}>
                Approve
              </Button>
            </fetcher.Form>
            {a.status === 'applied' && (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="decline" />
                <Button type="submit" variant="outline" disabled={busy}>
                  Decline
                </Button>
              </fetcher.Form>
            )}
          </div>
        )}
      </Card>
      <Card className="mb-6 p-5">
        <h2 className="mb-3 text-xl font-bold">Terms</h2>
        <fetcher.Form method="post" className="grid items-end gap-4 sm:grid-cols-4">
          <input type="hidden" name="intent" value="terms" />
          <Field id="paymentTermsDays" label="Payment terms (days)">
            <Input
              id="paymentTermsDays"
              name="paymentTermsDays"
              inputMode="numeric"
              defaultValue={a.paymentTermsDays}
            />
          </Field>
          <Field id="creditLimit" label="Credit limit (£)">
            <Input id="creditLimit" name="creditLimit" defaultValue={poundsInput(a.creditLimitPennies)} />
          </Field>
          <Field id="deliveryZoneId" label="Delivery zone">
            <Select id="deliveryZoneId" name="deliveryZoneId" defaultValue={a.deliveryZoneId ?? ''}>
              <option value="">By its postcode</option>
              {zones.map((z) => (
                <option key={z.id} value={z.id}>
                  {z.name}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" disabled={busy}>
            Save terms
          </Button>
        </fetcher.Form>
      </Card>
      <h2 className="mb-3 text-xl font-bold">Price list</h2>
      <p className="mb-3 text-cocoa-light">
        Prices are ex VAT. A fixed price stays as set when the retail price changes; a percentage follows
        retail.
      </p>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-crumb">
            <th className="py-2">Cookie</th>
            <th>Retail (inc VAT)</th>
            <th>Trade price</th>
            <th>Set</th>
          </tr>
        </thead>
        <tbody>
          {priceList.map((row) => (
            <PriceRow key={row.productId} row={row} />
          ))}
        </tbody>
      </table>
      {standing && (
        <section className="mt-8" aria-labelledby="standing-heading">
          <h2 id="standing-heading" className="mb-3 text-xl font-bold">
            Standing orders
          </h2>
          <StandingOrders
            standing={standing.standing}
            offer={standing.offer}
            deliveryWeekdays={standing.deliveryWeekdays}
            orderLink={(id) => `/admin/orders/${id}`}
            dayLink={(date) => `/admin/bake-days/${date}`}
          />
        </section>
      )}
    </main>
  );
}

function PriceRow({ row }: { row: PriceListRow }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, MESSAGES);
  const busy = fetcher.state !== 'idle';
  const r = row.rule;
  const id = (name: string) => `${name}-${row.productId}`;
  return (
    <tr className="border-b border-crumb/50 align-top">
      <td className="py-2 font-medium">{row.name}</td>
      <td>
        {formatPence(row.retailPennies)} ({row.vatRate}% VAT)
      </td>
      <td>
        {row.unitPenniesExVat === null ? (
          <span className="text-cocoa-light">Not on the list</span>
        ) : (
          <>
            {formatPence(row.unitPenniesExVat)} ex VAT
            <div className="text-cocoa-light">
              {r!.kind === 'percent' ? `${r!.percentOff}% off retail` : 'fixed'}, cases of {r!.caseSize}
              {r!.minQuantity > 0 ? `, at least ${r!.minQuantity}` : ''}
            </div>
          </>
        )}
      </td>
      <td>
        <fetcher.Form
          method="post"
          className="flex flex-wrap items-end gap-2"
          aria-label={`Price of ${row.name}`}
        >
          <input type="hidden" name="productId" value={row.productId} />
          <label className="text-xs" htmlFor={id('kind')}>
            How
            <Select id={id('kind')} name="kind" defaultValue={r?.kind ?? 'fixed'} className="w-32">
              <option value="fixed">Fixed £ ex VAT</option>
              <option value="percent">% off retail</option>
            </Select>
          </label>
          <label className="text-xs" htmlFor={id('price')}>
            Price or %
            <Input
              id={id('price')}
              name="amount"
              className="w-20"
              defaultValue={
                r ? (r.kind === 'fixed' ? poundsInput(r.fixedPenniesExVat!) : String(r.percentOff)) : ''
              }
              aria-label={`Trade price of ${row.name}`}
            />
          </label>
          <label className="text-xs" htmlFor={id('case')}>
            Case
            <Input
              id={id('case')}
              name="caseSize"
              className="w-16"
              defaultValue={r?.caseSize ?? 12}
              aria-label={`Case size of ${row.name}`}
            />
          </label>
          <label className="text-xs" htmlFor={id('min')}>
            Min
            <Input
              id={id('min')}
              name="minQuantity"
              className="w-16"
              defaultValue={r?.minQuantity ?? 0}
              aria-label={`Minimum of ${row.name}`}
            />
          </label>
          <Button type="submit" size="sm" name="intent" value="price" disabled={busy}>
            Save
          </Button>
          {r && (
            <Button type="submit" size="sm" variant="outline" name="intent" value="unprice" disabled={busy}>
              Remove
            </Button>
          )}
        </fetcher.Form>
      </td>
    </tr>
  );
}
