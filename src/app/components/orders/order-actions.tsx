import { Button } from '~/app/components/ui/button';
import type { OrderView } from '~/shared/orders/order-view';
import { CUSTOMER_CANCELLABLE } from '~/shared/orders/statuses';
import { CancelOrderButton } from './cancel-order-button';

/** What a customer can still do with an order: go back to its payment page, or cancel it. */
export function CustomerOrderActions({
  order,
}: {
  order: Pick<OrderView, 'id' | 'number' | 'status' | 'paid_at' | 'total_pennies' | 'gift_card_pennies'> & {
    payment: Pick<OrderView['payment'], 'resume_url'>;
  };
}) {
  const canCancel = CUSTOMER_CANCELLABLE.includes(order.status);
  if (!order.payment.resume_url && !canCancel) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {order.payment.resume_url && (
        <Button asChild size="sm">
          <a href={order.payment.resume_url}>Complete payment</a>
        </Button>
      )}
      {canCancel && <CancelOrderButton order={order} />}
    </div>
  );
}
