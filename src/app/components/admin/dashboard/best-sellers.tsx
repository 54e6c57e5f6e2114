import { Card } from '~/app/components/ui/card';
import { ColumnHeads } from '~/app/components/ui/column-heads';
import { formatPence } from '~/shared/money/money';
import type { BestSeller } from '~/shared/orders/sales';

/** The cookies that sold most in the last 30 days. */
export function BestSellers({ items }: { items: BestSeller[] }) {
  return (
    <section aria-labelledby="best-sellers" className="break-inside-avoid">
      <h2 id="best-sellers" className="mb-4 text-2xl font-bold">
        Best Sellers
      </h2>
      <Card className="overflow-x-auto">
        {items.length === 0 ? (
          <p className="p-8 text-center text-cocoa-light">No cookies sold in the last 30 days</p>
        ) : (
          <table className="w-full text-left">
            <caption className="px-4 pt-4 text-left text-sm text-cocoa-light">
              Last 30 days, paid orders. Revenue is what the cookies sold for, before discounts and refunds.
            </caption>
            <thead className="border-b border-crumb text-sm text-cocoa-light">
              <ColumnHeads
                cell="p-4 font-medium"
                columns={[
                  'Cookie',
                  { label: 'Sold', className: 'text-right' },
                  { label: 'Revenue', className: 'text-right' },
                ]}
              />
            </thead>
            <tbody className="divide-y divide-crumb">
              {items.map((b, i) => (
                <tr key={b.product_id ?? `deleted:${b.name}`}>
                  <th scope="row" className="p-4 font-medium break-words">
                    <span className="mr-2 text-cocoa-light tabular-nums">{i + 1}.</span>
                    {b.name}
                  </th>
                  <td className="p-4 text-right tabular-nums">{b.quantity.toLocaleString('en-GB')}</td>
                  <td className="p-4 text-right font-semibold tabular-nums">
                    {formatPence(b.revenue_pennies)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </section>
  );
}
