import { callApi } from '~/app/api/api-client';
import type { CartItem } from '~/app/cart/cart-store';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { CheckoutSessionResponse } from '~/shared/schemas/checkout';
import type { DeliveryInput } from '~/shared/schemas/gift-delivery';
import { basketChoices, refusal } from './checkout-quote';

/** The server said the session is gone: the customer must sign in (again) before paying. */
export class SignInRequiredError extends Error {}

/**
 * Asks the server to open a payment page for the basket (create-checkout-session,
 * docs/rules/shop-pages.md) and returns its URL. It sends what the customer chose, never a price
 * or fee: the server prices the order itself. Errors carry the messages of
 * docs/rules/shop-pages.md, ready for a toast.
 */
export async function createCheckoutSession(
  items: CartItem[],
  deliveryDate: string | null,
  delivery: DeliveryInput,
  {
    collectionSlot = null,
    discountCode,
    fulfilment,
    giftCards = [],
    marketing = false,
  }: {
    /** A collection's chosen time slot, by its start ('HH:MM'; decision 084). */
    collectionSlot?: string | null;
    discountCode: string | null;
    fulfilment: Fulfilment;
    giftCards?: readonly string[];
    /** The unticked marketing box was ticked (decision 081). */
    marketing?: boolean;
  },
): Promise<CheckoutSessionResponse> {
  const answer = await callApi<CheckoutSessionResponse | null>(
    'POST',
    '/api/checkout/create-checkout-session',
    {
      ...basketChoices(items, discountCode, fulfilment, giftCards),
      delivery_date: deliveryDate,
      ...(collectionSlot ? { collection_slot: collectionSlot } : {}),
      delivery,
      marketing,
    },
  );
  if (!answer.ok) {
    if (answer.status === 401) throw new SignInRequiredError();
    throw refusal(
      answer,
      answer.status ? 'Failed to initiate checkout' : 'No response from checkout service',
    );
  }
  if (!answer.body?.url) throw new Error('No checkout URL received from server');
  return answer.body;
}
