import { type CartItem, checkoutLine } from '~/app/cart/cart-store';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { CheckoutItemPayload, CheckoutSessionResponse } from '~/shared/schemas/checkout';
import type { DeliveryInput } from '~/shared/schemas/gift-delivery';
import { CodeRefusedError, GiftCardRefusedError } from './checkout-quote';

/** The server said the session is gone: the customer must sign in (again) before paying. */
export class SignInRequiredError extends Error {}

/**
 * Asks the server to open a payment page for the basket (create-checkout-session, docs/rules/shop-pages.md) and
 * returns its URL. Errors carry the messages of docs/rules/shop-pages.md, ready for a toast.
 */
export async function createCheckoutSession(
  items: CartItem[],
  deliveryFeePennies: number,
  deliveryDate: string | null,
  delivery: DeliveryInput = { to: 'me' },
  {
    discountCode,
    fulfilment,
    giftCards = [],
  }: { discountCode: string | null; fulfilment: Fulfilment; giftCards?: readonly string[] } = {
    discountCode: null,
    fulfilment: 'delivery',
  },
): Promise<CheckoutSessionResponse> {
  // The documented payload (docs/rules/shop-pages.md); the server reads only product_id and quantity and prices the rest itself.
  const payload: CheckoutItemPayload[] = items.map((i) => ({
    ...checkoutLine(i),
    name: i.name,
    price_pennies: i.price_pennies,
  }));
  let res: Response;
  try {
    res = await fetch('/api/checkout/create-checkout-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({
        items: payload,
        deliveryFeePennies,
        delivery_date: deliveryDate,
        delivery,
        discount_code: discountCode ?? undefined,
        gift_cards: giftCards,
        fulfilment,
      }),
    });
  } catch {
    throw new Error('No response from checkout service');
  }
  const data = (await res.json().catch(() => null)) as
    | (Partial<CheckoutSessionResponse> & { error?: { message?: string; fields?: Record<string, string> } })
    | null;
  if (res.status === 401) throw new SignInRequiredError('Please sign in to continue');
  if (data?.error?.fields?.discount_code) throw new CodeRefusedError(data.error.message);
  if (data?.error?.fields?.gift_cards) throw new GiftCardRefusedError(data.error.message);
  if (!res.ok) throw new Error(data?.error?.message || 'Failed to initiate checkout');
  if (!data) throw new Error('No response from checkout service');
  if (!data.url) throw new Error('No checkout URL received from server');
  return data as CheckoutSessionResponse;
}
