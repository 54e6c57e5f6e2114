import { Badge } from '~/app/components/ui/card';
import { cn } from '~/app/components/ui/cn';
import { formatPence } from '~/shared/money/money';
import { type OrderView, refundState } from '~/shared/orders/order-view';
import { ORDER_FLAG_LABELS, type OrderStatus, orderStatusLabel } from '~/shared/orders/statuses';

const tone: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-sky-100 text-sky-900',
  baking: 'bg-orange-100 text-orange-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  completed: 'bg-green-100 text-green-900',
  cancelled: 'bg-stone-200 text-stone-800',
};

/** The order's status ("Not paid" for a cancelled order nothing was paid for: orderStatusLabel). */
export function OrderStatusBadge({ order }: { order: { status: OrderStatus; paid_at: string | null } }) {
  return <Badge className={cn(tone[order.status])}>{orderStatusLabel(order)}</Badge>;
}

/** "Refunded" or "Partly refunded £x.xx", and the owner's flags, beside the status. */
export function OrderMarks({
  order,
}: {
  order: Pick<OrderView, 'paid_pennies' | 'refunded_pennies' | 'flags'>;
}) {
  const refunded = refundState(order);
  return (
    <>
      {refunded === 'full' && <Badge className="bg-rose-100 text-rose-900">Refunded</Badge>}
      {refunded === 'partial' && (
        <Badge className="bg-rose-100 text-rose-900">
          Partly refunded {formatPence(order.refunded_pennies)}
        </Badge>
      )}
      {order.flags.map((f) => (
        <Badge key={f} className="bg-red-600 text-white">
          {ORDER_FLAG_LABELS[f]}
        </Badge>
      ))}
    </>
  );
}
