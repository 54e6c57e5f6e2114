import { type BoxContents, fillingKey } from '~/shared/boxes/box';
import { dispatchText } from '~/shared/delivery-zones/zone-texts';
import type { OpenCheckout } from '../orders/open-checkouts';
import type { NewOrder } from '../orders/orders-service';
import { goesTo } from '../orders/ship-to-columns';
import type { PaymentOrder } from '../payments/payment-provider';
import type { PricedLine } from './basket-lines';

/** An order waiting for payment that a new checkout is, so paying again reuses it (decision 033). */

/**
 * When a new payment page stops taking payment. Stripe accepts 30 minutes to 24 hours, so its
 * pages last at least a little over 30 minutes.
 */
export function paymentExpiry(provider: 'test' | 'stripe', minutes: number): Date {
  const wanted = provider === 'stripe' ? Math.max(minutes, 31) : minutes;
  return new Date(Date.now() + wanted * 60_000);
}

/** A payment page that closes sooner than this is not worth sending a customer back to. */
export const REUSE_MARGIN_MS = 5 * 60_000;

/** What checkout wrote (or found already written): the order as its payment page shows it. */
export interface WrittenOrder {
  payment: PaymentOrder;
  /** The order's open payment page, when an order waiting for payment was this checkout. */
  session: { sessionId: string; url: string } | null;
  /** Gift cards paid the whole order: it is paid already, no payment page is needed. */
  paidByGiftCards?: boolean;
  /** Earlier payment pages of orders this checkout replaced (they used the same gift cards). */
  replaced?: { paymentSessionId: string | null; paymentProvider: string }[];
  /** An order waiting for payment was this checkout (nothing new was written). */
  reused: boolean;
}

/**
 * Whether an order waiting for payment is the checkout asked for, so paying again reuses it: the
 * same products in the same quantities at today's prices, the same delivery or collection, day
 * (any, when none is asked for), address, recipient and gift message, and code (decision 033).
 */
export function isSameCheckout(
  open: OpenCheckout,
  want: Pick<NewOrder, 'ship' | 'fulfilment'> & {
    lines: PricedLine[];
    wantedDay: unknown;
    wantedSlot: unknown;
    code: string | null;
  },
): boolean {
  const o = open.order;
  const key = (l: {
    productId: string | null;
    quantity: number;
    unitPricePennies: number;
    box: BoxContents | null;
  }) => `${l.productId}:${l.quantity}:${l.unitPricePennies}:${l.box ? fillingKey(l.box) : ''}`;
  return (
    o.giftCardPennies === 0 &&
    o.fulfilment === want.fulfilment &&
    (want.wantedDay === undefined || want.wantedDay === null || want.wantedDay === o.deliveryDate) &&
    (want.wantedSlot === undefined || want.wantedSlot === null || want.wantedSlot === o.collectionSlotFrom) &&
    (o.discountCode ?? null) === want.code &&
    goesTo(o, want.ship) &&
    open.lines.map(key).sort().join() === want.lines.map(key).sort().join()
  );
}

/** An order waiting for payment, as its payment page shows it, with the page when it has one. */
export function reusedOrder({ order, lines }: OpenCheckout, customerEmail: string): WrittenOrder {
  return {
    payment: {
      orderId: order.id,
      expiresAt: order.paymentExpiresAt!,
      customerEmail,
      lines,
      discount:
        order.discountCode && order.discountPennies > 0
          ? { code: order.discountCode, pennies: order.discountPennies }
          : null,
      deliveryFeePennies: order.deliveryFeePennies,
      totalPennies: order.totalPennies,
      giftCards: [],
      deliveryDate: order.deliveryDate,
      dispatch:
        order.deliveryMethod === 'post' && order.deliveryDate
          ? dispatchText(order.deliveryDate, order.deliveryTransitDays)
          : null,
      fulfilment: order.fulfilment,
    },
    session:
      order.paymentSessionId && order.paymentUrl
        ? { sessionId: order.paymentSessionId, url: order.paymentUrl }
        : null,
    reused: true,
  };
}
