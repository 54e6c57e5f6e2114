import { useEffect, useState } from 'react';
import { type ApiRefusal, callApi } from '~/app/api/api-client';
import { type CartItem, checkoutLine, lineId } from '~/app/cart/cart-store';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { CheckoutQuote } from '~/shared/schemas/checkout';

/** The server refused the discount code: `message` says why, for the customer. */
export class CodeRefusedError extends Error {}

/** The server refused a gift card (wrong, used up, expired): `message` says why. */
export class GiftCardRefusedError extends Error {}

/** The error a refused /api call becomes: a refused code or gift card names its field. */
export function refusal({ message, fields }: Partial<ApiRefusal>, fallback: string): Error {
  const Refused = fields?.discount_code
    ? CodeRefusedError
    : fields?.gift_cards
      ? GiftCardRefusedError
      : Error;
  return new Refused(message || fallback);
}

/** What the quote and checkout both send: the lines and the customer's choices, never a price or fee. */
export const basketChoices = (
  items: CartItem[],
  discountCode: string | null,
  fulfilment: Fulfilment,
  giftCards: readonly string[],
) => ({
  items: items.map(checkoutLine),
  discount_code: discountCode ?? undefined,
  gift_cards: giftCards,
  fulfilment,
});

/** Asks the server to price the basket (with a code): the summary never trusts the browser's sums. */
export async function fetchQuote(
  items: CartItem[],
  discountCode: string | null,
  fulfilment: Fulfilment,
  giftCards: readonly string[] = [],
  postcode?: string,
): Promise<CheckoutQuote> {
  const answer = await callApi<CheckoutQuote | null>('POST', '/api/checkout/quote', {
    ...basketChoices(items, discountCode, fulfilment, giftCards),
    postcode,
  });
  if (answer.ok && answer.body) return answer.body;
  throw refusal(answer as Partial<ApiRefusal>, 'Could not price your basket');
}

/**
 * The server's price of the basket as it is now, with the applied code; null while it is asked
 * (or if it cannot be reached: checkout prices the order again anyway).
 */
export const useQuote = (...args: Parameters<typeof useQuoteState>) => useQuoteState(...args).quote;

/**
 * `useQuote`, and whether the server is being asked right now: checkout waits for its answer
 * before it lets the customer pay, so a day the basket's zone never has cannot be sent.
 */
export function useQuoteState({
  items,
  discountCode,
  fulfilment,
  giftCards = [],
  postcode,
  onCodeRefused,
  onGiftCardRefused,
  delayMs = 0,
}: {
  items: CartItem[];
  discountCode: string | null;
  fulfilment: Fulfilment;
  /** Gift cards applied at checkout. */
  giftCards?: readonly string[];
  /** A gift recipient's postcode: the server prices their delivery zone. */
  postcode?: string;
  /** The code kept with the basket can no longer be used. */
  onCodeRefused?: (message: string) => void;
  /** A gift card can no longer pay (e.g. used elsewhere). */
  onGiftCardRefused?: (message: string) => void;
  /** Waits for the basket to settle first (the cart's steppers): quick taps ask once. */
  delayMs?: number;
}) {
  const [quote, setQuote] = useState<CheckoutQuote | null>(null);
  const [pending, setPending] = useState(true);
  const key = JSON.stringify([
    items.map((i) => [lineId(i), i.quantity]),
    discountCode,
    fulfilment,
    giftCards,
    postcode,
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the basket, code and method
  useEffect(() => {
    let current = true;
    setQuote(null);
    setPending(true);
    const ask = () =>
      fetchQuote(items, discountCode, fulfilment, giftCards, postcode)
        .then((q) => current && setQuote(q))
        .catch((err) => {
          if (!current) return;
          setQuote(null);
          if (err instanceof CodeRefusedError) onCodeRefused?.(err.message);
          if (err instanceof GiftCardRefusedError) onGiftCardRefused?.(err.message);
        })
        .finally(() => current && setPending(false));
    const timer = delayMs > 0 ? setTimeout(ask, delayMs) : undefined;
    if (!timer) ask();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);
  return { quote, pending };
}
