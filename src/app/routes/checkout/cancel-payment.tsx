import { redirect } from 'react-router';
import { requireUserPage } from '~/app/server/guards.server';
import { orNotFoundPage } from '~/app/server/service-errors.server';
import type { Route } from './+types/cancel-payment';

/**
 * Cancel on the payment page (the test page's link and Stripe's `cancel_url`): the customer's own
 * order waiting for payment is cancelled, giving back its bake-day places and code use, and the
 * customer is back at the checkout with everything as they left it (decision 033). A GET, because
 * that is how a hosted page sends the customer back; the order's id is unguessable and only its
 * customer may cancel it. An order paid meanwhile is not cancelled: its confirmation shows instead.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUserPage(request, context);
  const { outcome, sessionId } = await orNotFoundPage(
    () => context.services.checkout.cancelPayment(user, params.orderId),
    'Order not found',
  );
  if (outcome === 'paid' && sessionId)
    throw redirect(`/checkout/success?session_id=${encodeURIComponent(sessionId)}`);
  throw redirect('/checkout?payment=cancelled');
}
