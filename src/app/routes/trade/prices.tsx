import { data, Link, redirect } from 'react-router';
import { Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { requireCustomerPage } from '~/app/server/guards.server';
import { formatPence } from '~/shared/money/money';
import { priceTradeLines } from '~/shared/trade/trade';
import type { Route } from './+types/prices';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Your trade prices',
    description: 'Your trade account’s prices.',
    noIndex: true,
  });

/** The approved trade customer's own price list; anyone else has none to see. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCustomerPage(request, context, '/admin/trade');
  const mine = await context.services.trade.offerFor(user.id);
  if (!mine) throw redirect('/trade/apply');
  const { account, offer } = mine;
  return data(
    {
      businessName: account.businessName,
      paymentTermsDays: account.paymentTermsDays,
      creditLimitPennies: account.creditLimitPennies,
      // A case of each, priced as an order and its invoice are: VAT per line.
      rows: offer.map((o) => ({
        ...o,
        caseTotal: priceTradeLines([{ ...o, quantity: o.caseSize }]).totalPennies,
      })),
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function TradePrices({ loaderData }: Route.ComponentProps) {
  const { businessName, paymentTermsDays, creditLimitPennies, rows } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold">Your trade prices</h1>
      <p className="mb-6 text-cocoa-light">
        {businessName}: {paymentTermsDays} days to pay, credit limit {formatPence(creditLimitPennies)}. Prices
        are per cookie, ex VAT.
      </p>
      <p className="mb-6 flex flex-wrap gap-4">
        <Link to="/trade/order" className="font-medium underline">
          Place a trade order
        </Link>
        <Link to="/trade/invoices" className="font-medium underline">
          Your invoices
        </Link>
      </p>
      {rows.length === 0 ? (
        <Card className="p-6">
          <p>
            Your price list is being set up. <Link to="/contact">Contact us</Link> if you have any questions.
          </p>
        </Card>
      ) : (
        <table className="w-full text-left">
          <thead>
            <tr className="border-b border-crumb">
              <th className="py-2">Cookie</th>
              <th>Price ex VAT</th>
              <th>VAT</th>
              <th>Ordered in</th>
              <th>A case with VAT</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.productId} className="border-b border-crumb/50">
                <td className="py-2 font-medium">{r.name}</td>
                <td>{formatPence(r.unitPenniesExVat)}</td>
                <td>{r.vatRate === 0 ? 'Zero rated' : `${r.vatRate}%`}</td>
                <td>
                  {`cases of ${r.caseSize}`}
                  {r.minQuantity > 0 ? `, at least ${r.minQuantity}` : ''}
                </td>
                <td>{formatPence(r.caseTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
