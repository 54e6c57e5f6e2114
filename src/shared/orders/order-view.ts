import type { BoxContents } from '../boxes/box';
import type { VatRate } from '../food-information';
import type { AppliedDiscount, VatPart } from '../pricing/price-order';
import type { Fulfilment } from './fulfilment';
import type { ManualPaymentMethod } from './manual-payment';
import type { ShipTo } from './ship-to';
import type { DeliveryStatus, OrderFlag, OrderStatus } from './statuses';

/**
 * One order as every screen and e-mail sees it: checkout's success page, the customer's account,
 * the back office, packing slips and e-mails all read this shape (built by src/server/orders).
 */
export interface OrderView {
  id: string;
  /** "#1a2b3c4d" */
  number: string;
  status: OrderStatus;
  created_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
  /** The delivery day the customer chose ('YYYY-MM-DD', London); null on orders from before bake days. */
  delivery_date: string | null;
  /** A collection's time slot, 'HH:MM' London time (decision 084); null without one. */
  collection_slot: { from: string; to: string } | null;
  /**
   * A posted order's "Dispatched Tuesday 1 December, usually with you in 2-3 days":
   * its day is the dispatch day. Null for the van, collection and orders from before zones.
   */
  dispatch: string | null;
  customer: { id: string; full_name: string; email: string };
  /** Delivered to `ship`, or collected from the bakery (`ship` then names who collects). */
  fulfilment: Fulfilment;
  /** The terms of sale its customer accepted (/terms/VERSION); null on orders from before terms. */
  terms_version: number | null;
  /** Where it goes (a gift's: the recipient, never the customer); a gift's slip leaves the prices off. */
  ship: ShipTo;
  items: OrderLineView[];
  subtotal_pennies: number;
  /** The code used and what it gave: pence off the cookies, or the delivery it waived. */
  discount: AppliedDiscount | null;
  /** Delivery charged. */
  delivery_fee_pennies: number;
  total_pennies: number;
  /** What gift cards pay of the total (held while pending); the rest is paid by card (decision 044). */
  gift_card_pennies: number;
  /** VAT included per rate, on the discounted prices (pricing/price-order.ts). */
  vat: VatPart[];
  /** Money the payment provider took for it (0 until paid). */
  paid_pennies: number;
  /** Refunded or being refunded; never more than was paid. */
  refunded_pennies: number;
  /** Server-set warnings for the owner; empty in a customer's view. */
  flags: OrderFlag[];
  payment: {
    provider: 'test' | 'stripe';
    /** The hosted payment page, while it still takes payment (pending orders only). */
    resume_url: string | null;
    expires_at: string | null;
  };
  delivery: OrderDeliveryView | null;
  /** Oldest first; filled for a single order, empty in lists. */
  history: OrderHistoryView[];
  /** Oldest first; filled for a single order, empty in lists. */
  refunds: OrderRefundView[];
  /** Money recorded for it, oldest first; filled for a single order, empty in lists. */
  payments: OrderPaymentView[];
  /** The gift cards its refunds went back to; filled for a single order, empty in lists. */
  gift_card_refunds: OrderGiftCardRefundView[];
}

/**
 * One order as the customer's list of orders shows it (the Orders tab of /account): what its card
 * draws and no more. The order's own page reads the whole view.
 */
export interface OrderSummaryView
  extends Pick<
    OrderView,
    | 'id'
    | 'number'
    | 'status'
    | 'created_at'
    | 'paid_at'
    | 'delivery_date'
    | 'collection_slot'
    | 'dispatch'
    | 'fulfilment'
    | 'total_pennies'
    | 'gift_card_pennies'
    | 'paid_pennies'
    | 'refunded_pennies'
    | 'flags'
  > {
  items: Pick<OrderLineView, 'id' | 'product_name' | 'quantity' | 'unit_price_pennies' | 'box'>[];
  payment: Pick<OrderView['payment'], 'resume_url'>;
}

/** Money a provider took, or the owner recorded by hand ("Mark as paid"). */
export interface OrderPaymentView {
  amount_pennies: number;
  provider: 'test' | 'stripe' | 'manual' | 'gift_card';
  /** How a manual payment was taken; null for a provider's. */
  method: ManualPaymentMethod | null;
  /** Who recorded a manual payment; "" for a provider's and in a customer's view. */
  by: string;
  created_at: string;
}

export interface OrderLineView {
  id: string;
  product_id: string | null;
  product_name: string;
  quantity: number;
  unit_price_pennies: number;
  line_total_pennies: number;
  vat_rate: VatRate;
  /** What is in each box, as sold (decision 042); null for loose cookies. */
  box: BoxContents | null;
  /** A gift card bought (decision 047): who it is e-mailed to and on which London date; null for cookies. */
  gift_card: GiftCardSentTo | null;
}

export interface GiftCardSentTo {
  recipient_name: string;
  recipient_email: string;
  /** 'YYYY-MM-DD' (London): its e-mail goes at 08:00 that day, or at once when bought on the day. */
  send_on: string;
}

/** A gift card an order's refunds went back to, and what it holds now (the buyer is told). */
export interface OrderGiftCardRefundView {
  last4: string;
  refunded_pennies: number;
  balance_pennies: number;
}

export interface OrderDeliveryView {
  id: string;
  status: DeliveryStatus;
  tracking_code: string | null;
  /** Sent by post (a posted zone's order): only then is its tracking code Royal Mail's. */
  posted: boolean;
  /** A link to Royal Mail's tracking page, for a posted order's code in its form; never the van's. */
  tracking_url: string | null;
  /** For the driver; null in a customer's view. */
  driver_notes: string | null;
  created_at: string;
}

export interface OrderHistoryView {
  from: OrderStatus | null;
  to: OrderStatus;
  at: string;
  /** Who made the change ("System", the admin's name); "" in a customer's view. */
  by: string;
  note: string | null;
}

export interface OrderRefundView {
  id: string;
  amount_pennies: number;
  reason: string;
  status: 'pending' | 'succeeded' | 'failed';
  created_at: string;
  by: string;
}

/** What is left to refund of an order's payment. */
export const refundableOf = (o: Pick<OrderView, 'paid_pennies' | 'refunded_pennies'>) =>
  Math.max(o.paid_pennies - o.refunded_pennies, 0);

/** Whether an order shows "Refunded", "Partly refunded £x.xx", or neither. */
export function refundState(
  o: Pick<OrderView, 'paid_pennies' | 'refunded_pennies'>,
): 'none' | 'partial' | 'full' {
  if (o.refunded_pennies <= 0) return 'none';
  return o.refunded_pennies >= o.paid_pennies ? 'full' : 'partial';
}

/** Royal Mail's tracked numbers: two letters, nine digits, GB (e.g. AB123456789GB). */
const ROYAL_MAIL = /^[A-Z]{2}\d{9}GB$/;

export function trackingUrlFor(code: string | null): string | null {
  if (!code) return null;
  const compact = code.replace(/\s+/g, '').toUpperCase();
  return ROYAL_MAIL.test(compact)
    ? `https://www.royalmail.com/track-your-item#/tracking-results/${compact}`
    : null;
}
