import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { callApi } from '~/app/api/api-client';
import { forgetCheckoutDraft } from '~/app/checkout/forget-checkout-draft';
import { basketKey, useCartReady, useCartStore } from './cart-store';

/** What the server says of the basket's order: paid (or taken on by the owner), still waiting, or cancelled. */
type PaymentState = 'pending' | 'paid' | 'cancelled';

async function askPaymentState(orderId: string): Promise<PaymentState | 'unknown' | 'not-found'> {
  const url = `/api/checkout/orders/${encodeURIComponent(orderId)}/payment`;
  const answer = await callApi<{ state: PaymentState }>('GET', url);
  if (answer.ok) return answer.body.state;
  // Someone else's order (or none): this browser's basket has nothing to wait for.
  return answer.status === 404 ? 'not-found' : 'unknown';
}

/**
 * While the basket remembers an order waiting for payment, each page asks whether it has been
 * paid: once it is, the basket it was paid for empties, whichever page the customer opens next
 * (the success page may be left before it does it). A basket changed since is a new one and is
 * kept. Signed out or offline: asked again on the next page.
 */
export function useSettlePaidBasket() {
  const ready = useCartReady();
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again on every page (`key`)
  useEffect(() => {
    if (!ready) return;
    const pending = useCartStore.getState().pendingOrder;
    if (!pending) return;
    let current = true;
    void askPaymentState(pending.orderId).then((state) => {
      const now = useCartStore.getState();
      if (!current || now.pendingOrder?.orderId !== pending.orderId) return;
      if (state === 'paid') {
        forgetCheckoutDraft();
        if (basketKey(now.items) === pending.basket) now.clearCart();
        else now.setPendingOrder(null);
      } else if (state === 'cancelled' || state === 'not-found') now.setPendingOrder(null);
    });
    return () => {
      current = false;
    };
  }, [ready, key]);
}
