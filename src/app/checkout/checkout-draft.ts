import { CHECKOUT_DRAFT_STORAGE_NAME as KEY } from '~/shared/constants';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import { type DeliveryFormState, EMPTY_DELIVERY } from './delivery-choice';

/** What the customer chose at checkout besides the basket and its code (kept with the basket). */
export interface CheckoutDraft {
  delivery: DeliveryFormState;
  fulfilment: Fulfilment;
  day: string | null;
  /** A collection's time slot by its start (decision 084); the server checks it again. */
  slot?: string | null;
  /**
   * Gift card codes applied (they survive a reload). Only this tab keeps them, and the
   * server checks each again on every quote and at payment, so a stale one just comes off.
   */
  giftCards: string[];
}

/**
 * Kept in this tab's session storage, so Back, a reload or Cancel on the payment page return to
 * the checkout as it was left; a recipient's address is not kept once the tab is closed (and
 * nothing once the order is paid: forget-checkout-draft.ts).
 */
export function loadCheckoutDraft(): CheckoutDraft | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<CheckoutDraft> | null;
    if (!saved || typeof saved !== 'object') return null;
    const delivery = saved.delivery;
    return {
      delivery:
        delivery && (delivery.to === 'me' || delivery.to === 'someone-else')
          ? {
              to: delivery.to,
              recipient: { ...EMPTY_DELIVERY.recipient, ...delivery.recipient },
              giftMessage: typeof delivery.giftMessage === 'string' ? delivery.giftMessage : '',
            }
          : EMPTY_DELIVERY,
      fulfilment: saved.fulfilment === 'collection' ? 'collection' : 'delivery',
      day: typeof saved.day === 'string' ? saved.day : null,
      slot: typeof saved.slot === 'string' ? saved.slot : null,
      giftCards: Array.isArray(saved.giftCards)
        ? saved.giftCards.filter((code): code is string => typeof code === 'string')
        : [],
    };
  } catch {
    return null;
  }
}

export function saveCheckoutDraft(draft: CheckoutDraft) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the checkout still works, it just is not kept.
  }
}
