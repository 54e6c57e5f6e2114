import { data, Link, redirect } from 'react-router';
import { InvoiceStateBadge } from '~/app/components/trade/invoice-state-badge';
import { Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { requireCustomerPage } from '~/app/server/guards.server';
import { formatPence } from '~/shared/money/money';
import { formatLongDate } from '~/shared/time/london-time';
import { invoiceNumberText, invoiceState } from '~/shared/trade/trade-invoices';
import type { Route } from './+types/invoices';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Your invoices',
    description: 'Your trade account’s invoices and what is owed.',
    noIndex: true,
  });

/** The approved trade customer's invoices, newest first, and what the account owes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCustomerPage(request, context, '/admin/invoices');
  const mine = await context.services.tradeOrders.invoicesFor(user.id);
  if (!mine) throw redirect('/trade/apply');
  const { account, invoices, standing, today } = mine;
  return data(
    {
      businessName: account.businessName,
      standing,
      invoices: invoices.map((i) => ({
        number: i.number,
        issuedOn: formatLongDate(i.issuedOn),
        dueOn: formatLongDate(i.dueOn),
        totalPennies: i.totalPennies,
        state: invoiceState(i, today),
      })),
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function TradeInvoices({ loaderData }: Route.ComponentProps) {
  const { businessName, standing, invoices } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold">Your invoices</h1>
      <p className="mb-4 text-cocoa-light">
        {businessName}: owed now {formatPence(standing.owedPennies)} of a{' '}
        {formatPence(standing.creditLimitPennies)} credit limit (orders not yet delivered included).
      </p>
      {standing.refusal && (
        <p
          role="alert"
          className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 font-medium text-red-800"
        >
          {standing.refusal}
        </p>
      )}
      <p className="mb-6">
        <Link to="/trade/order" className="font-medium underline">
          Place a trade order
        </Link>
      </p>
      {invoices.length === 0 ? (
        <Card className="p-6">
          <p>No invoices yet: each order’s invoice comes when it is delivered.</p>
        </Card>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <thead>
              <tr className="border-b border-crumb">
                <th className="py-2">Invoice</th>
                <th className="hidden sm:table-cell">Issued</th>
                <th>Due</th>
                <th className="text-right">Total</th>
                <th className="pl-4">Status</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((i) => (
                <tr key={i.number} className="border-b border-crumb/50">
                  <td className="py-2">
                    <Link to={`/trade/invoices/${i.number}`} className="font-bold underline">
                      {invoiceNumberText(i.number)}
                    </Link>
                  </td>
                  <td className="hidden sm:table-cell">{i.issuedOn}</td>
                  <td>{i.dueOn}</td>
                  <td className="text-right">{formatPence(i.totalPennies)}</td>
                  <td className="pl-4">
                    <InvoiceStateBadge state={i.state} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
