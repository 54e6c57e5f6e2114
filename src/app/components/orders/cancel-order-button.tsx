import { useFetcher } from 'react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '~/app/components/ui/alert-dialog';
import { Button } from '~/app/components/ui/button';
import type { PageActionResult } from '~/app/lib/use-action-toast';
import { useActionToast } from '~/app/lib/use-action-toast';
import type { OrderView } from '~/shared/orders/order-view';

const TOASTS = { cancel: { success: 'Order cancelled', failure: 'Failed to cancel order' } };

/** "Cancel order", confirmed first; a paid order is refunded in full (the server decides). */
export function CancelOrderButton({ order }: { order: Pick<OrderView, 'id' | 'number' | 'paid_at'> }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, TOASTS);
  const busy = fetcher.state !== 'idle';
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={busy}>
          {busy ? 'Cancelling...' : 'Cancel order'}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Cancel order {order.number}?</AlertDialogTitle>
        <AlertDialogDescription>
          {order.paid_at
            ? 'We will refund your payment in full to your card.'
            : 'You have not been charged for this order.'}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep order</AlertDialogCancel>
          <AlertDialogAction
            onClick={() =>
              fetcher.submit({ intent: 'cancel' }, { method: 'post', action: `/account/orders/${order.id}` })
            }
          >
            Cancel order
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
