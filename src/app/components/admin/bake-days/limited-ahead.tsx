import { Card } from '~/app/components/ui/card';
import type { ForwardView } from '~/server/limited/forward-view';
import { formatBakeDay } from '~/shared/time/london-time';

/**
 * Limited and seasonal products ahead (decision 043): units sold for each date, pre-orders
 * included, against each product's daily limit. Unpaid orders count until they expire.
 */
export function LimitedAhead({ view }: { view: ForwardView }) {
  return (
    <Card className="p-5">
      <h2 className="text-xl font-bold">Limited products ahead</h2>
      <p className="mt-1 mb-3 text-sm text-cocoa-light">
        Units sold per day, paid or awaiting payment, against each product’s limit per day.
      </p>
      {view.days.length === 0 ? (
        <p>None sold yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Limited products sold per day</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4">
                  Day
                </th>
                {view.products.map((p) => (
                  <th key={p.id} scope="col" className="py-1 pr-4">
                    {p.name}
                    {p.daily_limit !== null && ` (limit ${p.daily_limit})`}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {view.days.map((d) => (
                <tr key={d.date} className="border-t border-crumb">
                  <th scope="row" className="py-1 pr-4 font-medium">
                    {formatBakeDay(d.date)}
                  </th>
                  {view.products.map((p) => (
                    <td key={p.id} className="py-1 pr-4">
                      {d.units[p.id] ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
