import { Link } from 'react-router';
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
  // Delivered or collected: the buyer may review its cookies.
  const canReview = order.status === 'completed';
  if (!order.payment.resume_url && !canCancel && !canReview) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {canReview && (
        <Button asChild size="sm">
          <Link to={`/account/orders/${order.id}/review`}>Review your cookies</Link>
        </Button>
      )}
      {order.payment.resume_url && (
        <Button asChild size="sm">
          <a href={order.payment.resume_url}>Complete payment</a>
        </Button>
      )}
      {canCancel && <CancelOrderButton order={order} />}
    </div>
  );
}
