import { Link, useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Badge, Card } from '~/app/components/ui/card';
import { aria, Field } from '~/app/components/ui/field';
import { Input, Label, Select, Textarea } from '~/app/components/ui/input';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, runPageAction } from '~/app/server/page-action.server';
import { orNotFoundPage } from '~/app/server/service-errors.server';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import { ENQUIRY_STATUS_LABELS } from '~/shared/made-to-order/made-to-order';
import { formatPence } from '~/shared/money/money';
import { addDays, formatBakeDay, formatDateTime, londonDate } from '~/shared/time/london-time';
import type { Route } from './+types/made-to-order-enquiry';

/** Blank rows the quote form offers; rows left empty are not lines. */
const LINE_ROWS = 4;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Made-to-order enquiry',
    description: 'One enquiry and its quote.',
    noIndex: true,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  // An unknown enquiry is the 404 page, not a 500.
  const {
    enquiry: e,
    pictureIds,
    quotes,
  } = await orNotFoundPage(() => context.services.madeToOrder.get(params.id), 'Enquiry not found');
  const products = await context.services.catalog.listActive();
  const today = londonDate(new Date());
  return {
    enquiry: { ...e, createdAt: formatDateTime(e.createdAt) },
    pictureIds,
    quotes: quotes.map((q) => ({ ...q, createdAt: formatDateTime(q.createdAt) })),
    products: products.map((p) => ({ id: p.id, name: p.name, price: p.price_pennies })),
    defaultValidUntil: addDays(today, 14) < e.dateWanted ? addDays(today, 14) : e.dateWanted,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const service = context.services.madeToOrder;
  if (intent === 'decline')
    return runPageAction(context, 'decline', () =>
      service.decline(params.id, { message: field(form, 'message') }),
    );
  const products = await context.services.catalog.listActive();
  const lines: { productId?: string; description: string; quantity: string; unitPrice: string }[] = [];
  for (let i = 0; i < LINE_ROWS; i++) {
    const productId = field(form, `line${i}Product`);
    const description =
      field(form, `line${i}Description`).trim() || products.find((p) => p.id === productId)?.name || '';
    const quantity = field(form, `line${i}Quantity`);
    const unitPrice = field(form, `line${i}Price`);
    if (!productId && !description && !quantity && !unitPrice) continue;
    lines.push({ productId: productId || undefined, description, quantity, unitPrice });
  }
  return runPageAction(context, 'quote', () =>
    service.sendQuote(params.id, {
      lines,
      delivery: field(form, 'delivery') || '0',
      depositKind: field(form, 'depositKind'),
      depositValue: field(form, 'depositValue'),
      balanceDaysBefore: field(form, 'balanceDaysBefore'),
      validUntil: field(form, 'validUntil'),
      cookies: field(form, 'cookies'),
      message: field(form, 'message'),
    }),
  );
}

export default function AdminMadeToOrderEnquiry({ loaderData }: Route.ComponentProps) {
  const { enquiry: e, pictureIds, quotes, products, defaultValidUntil } = loaderData;
  const quoteFetcher = useFetcher<PageActionResult>();
  const declineFetcher = useFetcher<PageActionResult>();
  useActionToast(quoteFetcher, { quote: { success: 'Quote sent', failure: 'Could not send the quote' } });
  useActionToast(declineFetcher, { decline: { success: 'Enquiry declined', failure: 'Could not decline' } });
  const refused = quoteFetcher.data && !quoteFetcher.data.ok ? quoteFetcher.data : null;
  const declineRefused = declineFetcher.data && !declineFetcher.data.ok ? declineFetcher.data : null;
  const err = (f: string) => (refused?.fields?.[f] ? { message: refused.fields[f] } : undefined);
  const openQuote = quotes.find((q) => q.status === 'sent');
  const mayQuote = !openQuote && (e.status === 'new' || e.status === 'quoted' || e.status === 'withdrawn');
  const mayDecline = e.status === 'new' || e.status === 'quoted';
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <p className="mb-2 print:hidden">
        <Link to="/admin/made-to-order" className="text-caramel-dark hover:underline">
          ← All enquiries
        </Link>
      </p>
      <h1 className="mb-2 text-3xl font-bold">
        {e.occasion}: {e.quantity} cookies for {formatBakeDay(e.dateWanted)}
      </h1>
      <p className="mb-6">
        <Badge>{ENQUIRY_STATUS_LABELS[e.status]}</Badge>{' '}
        <span className="text-cocoa-light">Received {e.createdAt}</span>
      </p>
      <Card className="mb-6 p-6">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
          <dt className="text-cocoa-light">Customer</dt>
          <dd>
            {e.name},{' '}
            <a href={`mailto:${e.email}`} className="text-caramel-dark underline">
              {e.email}
            </a>
            {e.profileId ? ' (has an account)' : ''}
          </dd>
          <dt className="text-cocoa-light">Delivery or collection</dt>
          <dd>{e.fulfilment === 'collection' ? 'Collect from the bakery' : 'Delivery'}</dd>
          <dt className="text-cocoa-light">Budget</dt>
          <dd>{e.budgetPennies === null ? 'Not given' : formatPence(e.budgetPennies)}</dd>
          <dt className="text-cocoa-light">Wording</dt>
          <dd className="whitespace-pre-line">{e.wording || '—'}</dd>
          <dt className="text-cocoa-light">Design notes</dt>
          <dd className="whitespace-pre-line">{e.designNotes || '—'}</dd>
          {e.declineMessage && (
            <>
              <dt className="text-cocoa-light">Declined with</dt>
              <dd className="whitespace-pre-line">{e.declineMessage}</dd>
            </>
          )}
        </dl>
        {pictureIds.length > 0 && (
          <section aria-labelledby="pictures" className="mt-6">
            <h2 id="pictures" className="mb-2 text-lg font-bold">
              Reference pictures
            </h2>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              {pictureIds.map((id, i) => (
                <li key={id}>
                  <a href={`/api/admin/made-to-order/pictures/${id}`} target="_blank" rel="noreferrer">
                    <img
                      src={`/api/admin/made-to-order/pictures/${id}`}
                      alt={`The customer’s reference ${i + 1}`}
                      className="aspect-square w-full rounded-md border border-crumb object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </Card>

      {quotes.length > 0 && (
        <section aria-labelledby="quotes" className="mb-6">
          <h2 id="quotes" className="mb-2 text-xl font-bold">
            Quotes
          </h2>
          {quotes.map((q) => (
            <Card key={q.id} className="mb-3 p-4">
              <p className="font-medium">
                {formatPence(q.money.totalPennies)}, deposit{' '}
                {q.money.depositPennies ? formatPence(q.money.depositPennies) : 'none'}, balance due by{' '}
                {formatBakeDay(q.balanceDueOn)}; valid until {formatBakeDay(q.validUntil)} ({q.status})
              </p>
              <ul className="mt-2 text-sm">
                {q.lines.map((l, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines keep their order
                  <li key={i}>
                    {l.quantity} × {l.description} at {formatPence(l.unitPricePennies)}
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-sm">
                Uses {q.cookies} of the day’s cookies. Sent {q.createdAt}.{' '}
                <a href={`/made-to-order/quotes/${q.token}`} className="text-caramel-dark underline">
                  The customer’s page
                </a>
              </p>
            </Card>
          ))}
        </section>
      )}

      {mayQuote && (
        <Card className="mb-6 p-6 print:hidden">
          <h2 className="mb-4 text-xl font-bold">Send a quote</h2>
          <quoteFetcher.Form method="post" className="space-y-5">
            <input type="hidden" name="intent" value="quote" />
            <fieldset className="space-y-3">
              <legend className="mb-1 font-medium">Lines (a product or your own words)</legend>
              {Array.from({ length: LINE_ROWS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed rows
                <div key={i} className="grid gap-2 sm:grid-cols-[1fr_1.5fr_6.5rem_9.5rem] sm:items-end">
                  <div>
                    <Label htmlFor={`line${i}Product`}>{`Line ${i + 1} product`}</Label>
                    <Select id={`line${i}Product`} name={`line${i}Product`} defaultValue="">
                      <option value="">Free text</option>
                      {products.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}
                        </option>
                      ))}
                    </Select>
                  </div>
                  <div>
                    <Label htmlFor={`line${i}Description`}>{`Line ${i + 1} description`}</Label>
                    <Input id={`line${i}Description`} name={`line${i}Description`} />
                  </div>
                  <div>
                    <Label htmlFor={`line${i}Quantity`}>{`Line ${i + 1} quantity`}</Label>
                    <Input id={`line${i}Quantity`} name={`line${i}Quantity`} inputMode="numeric" />
                  </div>
                  <div>
                    <Label htmlFor={`line${i}Price`}>{`Line ${i + 1} unit price (£)`}</Label>
                    <Input id={`line${i}Price`} name={`line${i}Price`} inputMode="decimal" />
                  </div>
                </div>
              ))}
              {err('lines') && <p className="text-sm font-medium text-red-700">{err('lines')!.message}</p>}
            </fieldset>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field id="delivery" label="Delivery charge (£)" error={err('delivery')}>
                <Input
                  id="delivery"
                  name="delivery"
                  inputMode="decimal"
                  defaultValue="0.00"
                  {...aria('delivery', err('delivery'))}
                />
              </Field>
              <Field id="cookies" label="Cookies of the day’s capacity it uses" error={err('cookies')}>
                <Input
                  id="cookies"
                  name="cookies"
                  inputMode="numeric"
                  defaultValue={String(e.quantity)}
                  {...aria('cookies', err('cookies'))}
                />
              </Field>
              <Field id="depositKind" label="Deposit" error={err('depositKind')}>
                <Select id="depositKind" name="depositKind" defaultValue="percent">
                  <option value="percent">A percentage of the total</option>
                  <option value="amount">An amount in pounds</option>
                  <option value="none">No deposit</option>
                </Select>
              </Field>
              <Field
                id="depositValue"
                label="Deposit percentage or amount"
                hint="50 for 50%, or 60.00"
                error={err('depositValue')}
              >
                <Input
                  id="depositValue"
                  name="depositValue"
                  defaultValue="50"
                  {...aria('depositValue', err('depositValue'), true)}
                />
              </Field>
              <Field
                id="balanceDaysBefore"
                label="Balance due, days before the date"
                error={err('balanceDaysBefore')}
              >
                <Input
                  id="balanceDaysBefore"
                  name="balanceDaysBefore"
                  inputMode="numeric"
                  defaultValue="7"
                  {...aria('balanceDaysBefore', err('balanceDaysBefore'))}
                />
              </Field>
              <Field id="validUntil" label="Valid until" error={err('validUntil')}>
                <Input
                  id="validUntil"
                  name="validUntil"
                  type="date"
                  defaultValue={defaultValidUntil}
                  {...aria('validUntil', err('validUntil'))}
                />
              </Field>
            </div>
            <Field id="quoteMessage" label="A note to the customer (optional)">
              <Textarea id="quoteMessage" name="message" />
            </Field>
            {refused && (
              <p role="alert" className="font-medium text-red-700">
                {refused.error}
              </p>
            )}
            <Button type="submit" disabled={quoteFetcher.state !== 'idle'}>
              Send quote
            </Button>
          </quoteFetcher.Form>
        </Card>
      )}

      {mayDecline && (
        <Card className="p-6 print:hidden">
          <h2 className="mb-4 text-xl font-bold">Decline the enquiry</h2>
          <declineFetcher.Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="decline" />
            <Field id="declineMessage" label="Message to the customer">
              <Textarea id="declineMessage" name="message" required />
            </Field>
            {declineRefused && (
              <p role="alert" className="font-medium text-red-700">
                {declineRefused.error}
              </p>
            )}
            <Button type="submit" variant="danger" disabled={declineFetcher.state !== 'idle'}>
              Decline
            </Button>
          </declineFetcher.Form>
        </Card>
      )}
    </main>
  );
}
