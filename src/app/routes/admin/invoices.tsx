import { FileText } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { InvoiceStateBadge } from '~/app/components/trade/invoice-state-badge';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, runPageAction } from '~/app/server/page-action.server';
import { type PageActionResult, toastWhenAnswered, useActionToast } from '~/app/toast/use-action-toast';
import { formatPence } from '~/shared/money/money';
import { adminActor } from '~/shared/orders/actor';
import { ORDER_STATUS_LABELS } from '~/shared/orders/statuses';
import { formatBakeDay, formatLongDate, londonDate } from '~/shared/time/london-time';
import { AGE_BUCKETS, invoiceNumberText, invoiceState } from '~/shared/trade/trade-invoices';
import type { Route } from './+types/invoices';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Trade orders and invoices',
    description: 'Orders on account waiting for delivery, their invoices and what is owed.',
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { tradeOrders, trader } = context.services;
  const [awaiting, invoices, aged, shop] = await Promise.all([
    tradeOrders.awaitingDelivery(),
    tradeOrders.invoices(),
    tradeOrders.aged(),
    trader.shop(),
  ]);
  const today = londonDate(new Date());
  return {
    awaiting: awaiting.map((o) => ({
      orderId: o.orderId,
      businessName: o.businessName,
      // On account, "Pending" waits for no card: it waits for its delivery.
      status: o.status === 'pending' ? 'On account' : ORDER_STATUS_LABELS[o.status],
      deliveryDate: o.deliveryDate ? formatBakeDay(o.deliveryDate) : 'No day',
      totalPennies: o.totalPennies,
    })),
    invoices: invoices.map(({ invoice: i }) => ({
      number: i.number,
      orderId: i.orderId,
      customerName: i.customerName,
      issuedOn: formatLongDate(i.issuedOn),
      dueOn: formatLongDate(i.dueOn),
      totalPennies: i.totalPennies,
      state: invoiceState(i, today),
    })),
    aged,
    /** A VAT invoice needs the shop's VAT number (Settings, Who we are). */
    vatNumberSet: !!shop.vatNumber,
  };
}

const TOASTS = {
  deliver: { success: 'Delivered: invoice sent', failure: 'Could not invoice the order' },
  paid: { success: 'Invoice marked paid', failure: 'Could not mark the invoice paid' },
};

export const clientAction = toastWhenAnswered(TOASTS);

/** `deliver`: the order is delivered and its invoice issued; `paid`: a bank transfer came in. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  const { tradeOrders } = context.services;
  if (field(form, 'intent') === 'deliver')
    return runPageAction(context, 'deliver', () =>
      tradeOrders.deliver(field(form, 'orderId'), adminActor(user)),
    );
  return runPageAction(context, 'paid', () => tradeOrders.markPaid(field(form, 'number'), adminActor(user)));
}

const BUCKET_LABELS: Record<(typeof AGE_BUCKETS)[number], string> = {
  current: 'Not yet due',
  '1-30': '1-30 days late',
  '31-60': '31-60 days late',
  '61-90': '61-90 days late',
  '90+': 'Over 90 days late',
};

function RowButton({
  intent,
  name,
  value,
  label,
  children,
}: {
  intent: string;
  name: string;
  value: string | number;
  label: string;
  children: React.ReactNode;
}) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, TOASTS);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        aria-label={label}
        disabled={fetcher.state !== 'idle'}
      >
        {children}
      </Button>
    </fetcher.Form>
  );
}

export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { awaiting, invoices, aged, vatNumberSet } = loaderData;
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">Trade orders and invoices</h1>
      <p className="mb-8 text-cocoa-light">
        Orders placed on account by approved{' '}
        <Link to="/admin/trade" className="underline">
          trade customers
        </Link>
        . Mark one delivered to issue its VAT invoice (numbered in order, e-mailed to the customer).
      </p>

      {!vatNumberSet && (
        <p
          role="alert"
          className="mb-8 rounded-md border border-amber-300 bg-amber-50 p-3 font-medium text-amber-900"
        >
          The shop’s VAT registration number is not set, so invoices say “not set”. Add it in{' '}
          <Link to="/admin/settings" className="underline">
            Settings, Who we are
          </Link>{' '}
          before marking orders delivered.
        </p>
      )}
      <section aria-labelledby="awaiting" className="mb-10">
        <h2 id="awaiting" className="mb-3 text-xl font-bold">
          Waiting for delivery
        </h2>
        {awaiting.length === 0 ? (
          <p className="text-cocoa-light">No trade orders waiting.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left">
              <thead>
                <tr className="border-b border-crumb">
                  <th className="py-2">Customer</th>
                  <th>Delivery day</th>
                  <th className="hidden sm:table-cell">Status</th>
                  <th className="text-right">Total</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {awaiting.map((o) => (
                  <tr key={o.orderId} className="border-b border-crumb/50">
                    <td className="py-2">
                      <Link to={`/admin/orders/${o.orderId}`} className="font-bold hover:underline">
                        {o.businessName}
                      </Link>
                    </td>
                    <td>{o.deliveryDate}</td>
                    <td className="hidden sm:table-cell">{o.status}</td>
                    <td className="text-right">{formatPence(o.totalPennies)}</td>
                    <td className="py-2 pl-4 text-right">
                      <RowButton
                        intent="deliver"
                        name="orderId"
                        value={o.orderId}
                        label={`Delivered: invoice ${o.businessName}’s order of ${formatPence(o.totalPennies)}`}
                      >
                        Delivered: invoice
                      </RowButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="owed" className="mb-10">
        <h2 id="owed" className="mb-3 text-xl font-bold">
          What is owed: {formatPence(aged.owedPennies)}
        </h2>
        {aged.accounts.length === 0 ? (
          <p className="text-cocoa-light">Every invoice is paid.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead>
                <tr className="border-b border-crumb">
                  <th className="py-2">Customer</th>
                  {AGE_BUCKETS.map((b) => (
                    <th key={b} className="text-right">
                      {BUCKET_LABELS[b]}
                    </th>
                  ))}
                  <th className="text-right">Owed</th>
                </tr>
              </thead>
              <tbody>
                {aged.accounts.map((a) => (
                  <tr key={a.accountId} className="border-b border-crumb/50">
                    <td className="py-2">
                      <Link to={`/admin/trade/${a.accountId}`} className="font-bold hover:underline">
                        {a.businessName}
                      </Link>
                    </td>
                    {AGE_BUCKETS.map((b) => (
                      <td key={b} className="text-right">
                        {a.buckets[b] ? formatPence(a.buckets[b]) : '–'}
                      </td>
                    ))}
                    <td className="text-right font-bold">{formatPence(a.owedPennies)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="invoices">
        <h2 id="invoices" className="mb-3 text-xl font-bold">
          Invoices
        </h2>
        {invoices.length === 0 ? (
          <Card className="p-10 text-center">
            <FileText aria-hidden className="mx-auto mb-3 size-10 text-caramel" />
            <p className="text-lg font-medium">No invoices yet</p>
          </Card>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left">
              <thead>
                <tr className="border-b border-crumb">
                  <th className="py-2">Invoice</th>
                  <th className="hidden md:table-cell">Customer</th>
                  <th className="hidden md:table-cell">Issued</th>
                  <th className="hidden sm:table-cell">Due</th>
                  <th className="text-right">Total</th>
                  <th className="pl-4">Status</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {invoices.map((i) => (
                  <tr key={i.number} className="border-b border-crumb/50">
                    <td className="py-2">
                      <Link to={`/admin/invoices/${i.number}`} className="font-bold hover:underline">
                        {invoiceNumberText(i.number)}
                      </Link>
                      <div className="text-sm md:hidden">{i.customerName}</div>
                    </td>
                    <td className="hidden md:table-cell">
                      <Link to={`/admin/orders/${i.orderId}`} className="hover:underline">
                        {i.customerName}
                      </Link>
                    </td>
                    <td className="hidden text-sm md:table-cell">{i.issuedOn}</td>
                    <td className="hidden text-sm sm:table-cell">{i.dueOn}</td>
                    <td className="text-right">{formatPence(i.totalPennies)}</td>
                    <td className="pl-4">
                      <InvoiceStateBadge state={i.state} />
                    </td>
                    <td className="py-2 pl-4 text-right">
                      {i.state !== 'paid' && (
                        <RowButton
                          intent="paid"
                          name="number"
                          value={i.number}
                          label={`Mark paid: ${invoiceNumberText(i.number)}, by bank transfer`}
                        >
                          Mark paid
                        </RowButton>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}
