import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { ConfirmDialog } from '~/app/components/ui/confirm-dialog';
import type { PageActionResult } from '~/app/toast/use-action-toast';
import { useActionToast } from '~/app/toast/use-action-toast';
import { cancelRefundPromise } from '~/shared/gift-cards/gift-card-refund-texts';
import type { OrderView } from '~/shared/orders/order-view';

export const CANCEL_ORDER_TOASTS = {
  cancel: { success: 'Order cancelled', failure: 'Failed to cancel order' },
};

/** "Cancel order", confirmed first; a paid order is refunded in full (the server decides). */
export function CancelOrderButton({
  order,
}: {
  order: Pick<OrderView, 'id' | 'number' | 'paid_at' | 'total_pennies' | 'gift_card_pennies'>;
}) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, CANCEL_ORDER_TOASTS);
  const busy = fetcher.state !== 'idle';
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={busy}>
          {busy ? 'Cancelling...' : 'Cancel order'}
        </Button>
      }
      title={`Cancel order ${order.number}?`}
      description={order.paid_at ? cancelRefundPromise(order) : 'You have not been charged for this order.'}
      keep="Keep order"
      confirm="Cancel order"
      onConfirm={() =>
        fetcher.submit({ intent: 'cancel' }, { method: 'post', action: `/account/orders/${order.id}` })
      }
    />
  );
}
