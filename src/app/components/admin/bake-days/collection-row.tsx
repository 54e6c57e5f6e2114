import { Bell } from 'lucide-react';
import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Badge } from '~/app/components/ui/card';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import type { DayOrder } from '~/server/orders/day-orders';
import { deliveryStatusLabel } from '~/shared/orders/fulfilment';
import { slotText } from '~/shared/settings/collection-slots';

const TOASTS = {
  'outcome-delivered': { success: 'Marked collected', failure: 'Failed to mark it collected' },
  'outcome-ready': { success: 'Customer told it is ready', failure: 'Failed to mark it ready' },
};

/**
 * One collection: a tick box (ticked once collected; on paper, a box to tick), who and which
 * order, and "Ready to collect", which e-mails the customer the address and hours.
 */
export function CollectionRow({ order }: { order: DayOrder }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, TOASTS);
  const busy = fetcher.state !== 'idle';
  const status = order.delivery?.status;
  const collected = status === 'delivered';
  const nameId = `collect-${order.id}`;
  const time = order.collectionSlot ? slotText(order.collectionSlot) : 'Any time';
  const send = (outcome: 'ready' | 'delivered') =>
    fetcher.submit({ intent: 'outcome', order_id: order.id, outcome }, { method: 'post' });
  return (
    <tr className="border-b border-crumb align-top print:break-inside-avoid">
      <td className="py-3 pr-2">
        <input
          type="checkbox"
          checked={collected}
          disabled={collected || busy || !order.delivery}
          onChange={() => send('delivered')}
          aria-label={`Collected: ${order.ship.name}`}
          className="size-6 accent-caramel-dark print:size-5"
        />
      </td>
      <td className="hidden py-3 pr-2 font-semibold whitespace-nowrap sm:table-cell print:table-cell">
        {time}
      </td>
      <td className="py-3 pr-2">
        {/* A phone has no room for the Time column: the time goes above the name. */}
        <p className="font-semibold sm:hidden print:hidden">{time}</p>
        <p id={nameId} className="font-semibold break-words">
          {order.ship.name}
        </p>
        <p className="text-sm">{order.ship.phone}</p>
      </td>
      <td className="py-3 pr-2 text-sm">
        <p className="font-mono">{order.number}</p>
        <p>
          {order.cookies} {order.cookies === 1 ? 'cookie' : 'cookies'}
        </p>
        {status && (
          <Badge className={collected ? 'mt-1 bg-green-100 text-green-900' : 'mt-1'}>
            {deliveryStatusLabel(status, 'collection')}
          </Badge>
        )}
      </td>
      <td className="py-3 text-right print:hidden">
        {order.delivery && !collected && status !== 'ready' && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => send('ready')}
            aria-describedby={nameId}
          >
            <Bell aria-hidden className="size-4" />
            Ready to collect
          </Button>
        )}
      </td>
    </tr>
  );
}
