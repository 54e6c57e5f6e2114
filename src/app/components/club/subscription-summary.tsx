import { Link } from 'react-router';
import { Badge } from '~/app/components/ui/card';
import {
  DELIVERY_STATUS_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  type SubscriptionView,
} from '~/shared/club/club';
import { formatPence } from '~/shared/money/money';
import { formatBakeDay, type IsoDate, WEEKDAY_NAMES } from '~/shared/time/london-time';

/** How many of a subscription's deliveries its summary lists (newest first). */
const DELIVERIES_SHOWN = 6;

/**
 * A Cookie Club subscription as its member and the owner read it: what comes, how often, the next
 * delivery and today's price for it, the card, and the latest deliveries.
 */
export function SubscriptionSummary({
  sub,
  orderLink,
}: {
  sub: SubscriptionView;
  /** Where a delivery's order opens (the member's order page, or the owner's). */
  orderLink: (orderId: string) => string;
}) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-xl font-bold">
          {sub.quantity} x {sub.product_name}
        </h2>
        <Badge>{SUBSCRIPTION_STATUS_LABELS[sub.status]}</Badge>
      </div>
      {sub.box_contents && <p className="text-sm">In each box: {sub.box_contents}</p>}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-cocoa-light">How often</dt>
          <dd>
            Every {sub.every_weeks} weeks, on {WEEKDAY_NAMES[sub.weekday]}s
          </dd>
        </div>
        <div>
          <dt className="text-cocoa-light">Next box</dt>
          <dd>
            {sub.status === 'paused'
              ? sub.paused_until
                ? `Paused until ${formatBakeDay(sub.paused_until as IsoDate)}`
                : 'Paused until you resume'
              : sub.next_box_date
                ? `${formatBakeDay(sub.next_box_date as IsoDate)}, ${formatPence(sub.price_pennies)}`
                : 'No more boxes'}
          </dd>
        </div>
        <div>
          <dt className="text-cocoa-light">Each delivery</dt>
          <dd>{formatPence(sub.price_pennies)} including delivery</dd>
        </div>
        <div>
          <dt className="text-cocoa-light">Card</dt>
          <dd>{sub.card_label ?? 'No card saved yet'}</dd>
        </div>
      </dl>
      {sub.boxes.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Boxes</caption>
          <thead className="text-cocoa-light">
            <tr>
              <th className="py-1 font-medium">Box</th>
              <th className="py-1 font-medium">Status</th>
              <th className="py-1 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-crumb">
            {sub.boxes.slice(0, DELIVERIES_SHOWN).map((b) => (
              <tr key={b.id}>
                <td className="py-1">
                  {b.order_id ? (
                    <Link className="text-caramel-dark underline" to={orderLink(b.order_id)}>
                      {formatBakeDay((b.delivery_date ?? b.box_date) as IsoDate)}
                    </Link>
                  ) : (
                    formatBakeDay(b.box_date as IsoDate)
                  )}
                </td>
                <td className="py-1">
                  {DELIVERY_STATUS_LABELS[b.status]}
                  {b.last_error && b.status !== 'paid' ? ` (${b.last_error})` : ''}
                </td>
                <td className="py-1 text-right">{b.total_pennies ? formatPence(b.total_pennies) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
