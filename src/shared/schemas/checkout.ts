import { z } from 'zod';
import type { BakeDay } from '../bake-days/calendar';
import type { BoxContents } from '../boxes/box';
import { MAX_LINE_QUANTITY } from '../constants';
import { DISCOUNT_REFUSALS } from '../discounts/discount-code';
import { GiftCardLineSchema } from '../gift-cards/gift-card-purchase';
import { FULFILMENTS } from '../orders/fulfilment';
import type { AppliedDiscount } from '../pricing/price-order';
import { MAX_BOX_SIZE } from './box-rules';
import { DeliverySchema } from './gift-delivery';
import { isOneLine } from './plain-text';

export const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`;
export const BOX_FILLING_MESSAGE =
  'Choose the cookies for your box again: that filling is not one we can read.';

/** A box's filling: the cookies in ONE box (decision 042); the server checks it against the box. */
export const BoxFillingSchema = z
  .array(
    z.object({
      product_id: z.string({ error: BOX_FILLING_MESSAGE }).trim().min(1, BOX_FILLING_MESSAGE),
      quantity: z
        .number({ error: BOX_FILLING_MESSAGE })
        .int(BOX_FILLING_MESSAGE)
        .min(1, BOX_FILLING_MESSAGE)
        .max(MAX_BOX_SIZE, BOX_FILLING_MESSAGE),
    }),
    { error: BOX_FILLING_MESSAGE },
  )
  .max(MAX_BOX_SIZE, BOX_FILLING_MESSAGE);

/**
 * One basket line as the browser sends it (docs/rules/shop-pages.md, "Checkout's request"). Only `product_id`
 * and `quantity` are used: the name and price are accepted so the documented payload passes (docs/rules/shop-pages.md), and
 * ignored, because the server prices every order from the database.
 */
export const CheckoutItemSchema = z.object({
  product_id: z
    .string({ error: 'Each item needs a product_id' })
    .trim()
    .min(1, 'Each item needs a product_id'),
  name: z.unknown().optional(),
  price_pennies: z.unknown().optional(),
  quantity: z
    .number({ error: QUANTITY_MESSAGE })
    .int(QUANTITY_MESSAGE)
    .min(1, QUANTITY_MESSAGE)
    .max(MAX_LINE_QUANTITY, QUANTITY_MESSAGE),
  /** A box's filling: the cookies in ONE box (decision 042); the server checks it against the box. */
  box: BoxFillingSchema.optional(),
  /** A gift card bought (decision 047): its amount and who it is for; checked again by the server. */
  gift_card: GiftCardLineSchema.optional(),
});

const basket = z
  .array(CheckoutItemSchema, { error: 'Your basket is empty' })
  .min(1, 'Your basket is empty')
  .max(100, 'Your basket has too many different items');

/** A discount code as typed; blank means none. Whether it can be used is the server's to say. */
const discountCode = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string({ error: DISCOUNT_REFUSALS.invalid }).max(1000, DISCOUNT_REFUSALS.invalid).optional(),
);

/** Gift card codes as typed, in the order they apply; blanks dropped. Checked by the server. */
const giftCards = z.preprocess(
  (v) => (Array.isArray(v) ? v.filter((c) => !(typeof c === 'string' && c.trim() === '')) : v),
  z.array(z.string().max(100), { error: "That gift card code isn't valid" }).max(20).default([]),
);

/** Delivered (the original way, so the default) or collected from the bakery. */
const fulfilment = z.enum(FULFILMENTS, { error: 'Choose delivery or collection' }).default('delivery');

/** Body of POST /api/checkout/create-checkout-session (docs/rules/shop-pages.md). `deliveryFeePennies` is ignored. */
export const CheckoutRequestSchema = z.object({
  items: basket,
  deliveryFeePennies: z.unknown().optional(),
  /** The chosen delivery day, 'YYYY-MM-DD' (London); the server checks it against the bake days. */
  delivery_date: z.unknown().optional(),
  /** A collection's chosen time slot by its start, 'HH:MM' (decision 084); the server checks it. */
  collection_slot: z.unknown().optional(),
  /** Who the cookies are for; absent means the customer (the profile's address). */
  delivery: DeliverySchema.optional(),
  discount_code: discountCode,
  gift_cards: giftCards,
  fulfilment,
});

/** Body of POST /api/checkout/quote: what the order would cost, priced by the server. */
export const CheckoutQuoteSchema = z.object({
  items: basket,
  discount_code: discountCode,
  gift_cards: giftCards,
  fulfilment,
  /**
   * A gift recipient's postcode as typed, so the summary re-prices for their zone at once; absent =
   * the signed-in customer's own address. Checkout itself prices from the address it stores.
   */
  postcode: z.string().max(20).optional().catch(undefined),
});

/** The server's pricing of a basket, for the checkout summary. */
export interface CheckoutQuote {
  lines: {
    product_id: string;
    name: string;
    unit_price_pennies: number;
    quantity: number;
    /** What is in each box, as the server checked it; null for loose cookies. */
    box: BoxContents | null;
  }[];
  subtotal_pennies: number;
  discount: AppliedDiscount | null;
  delivery_pennies: number;
  total_pennies: number;
  /** More cookies to spend for free delivery; null when there is no such offer or it is met. */
  free_delivery_shortfall_pennies: number | null;
  /** What each gift card pays ("•••• NC6V"), in the order typed; and what is left to pay by card. */
  gift_cards: { last4: string; pennies: number }[];
  to_pay_pennies: number;
  /** The basket holds limited or seasonal products (decision 043): the only days it can have; null = any. */
  limited_days: LimitedDays | null;
  /** The delivery zone priced, or null (collection, no zones, or not known yet). */
  zone?: string | null;
  /** Why this cannot be delivered as it is, in the customer's words: a refused postcode or a minimum order. */
  delivery_note?: string | null;
  /** Posted: how long the post usually takes ("2-3 days"); the chosen day is then a dispatch day. */
  transit_days?: string | null;
  /** Posted: each offered day's "Dispatched Tuesday 1 December, usually with you in 2-3 days". */
  dispatch?: Record<string, string>;
  /** The zone's days, when the zone is known (each zone has its own weekdays). */
  days?: Pick<BakeDay, 'date' | 'state' | 'orderBy' | 'capacity' | 'booked'>[];
  /** Only gift cards (decision 047): no bake day, no delivery, nothing to choose but paying. */
  gift_cards_only: boolean;
}

/** A basket's days, as the server words them: why only these, and each offered day's change. */
export interface LimitedDays {
  why: string | null;
  /**
   * When no day can take the basket because of a per-day limit: which product to reduce and to
   * how many ("To choose a day, reduce Gingerbread Star to 3 (you have 5): no day has more left.").
   */
  reduce?: string | null;
  /** Every day offered, as the checkout lists them: full when sold out for the basket, and what is left when low. */
  days: (Pick<BakeDay, 'date' | 'state' | 'orderBy' | 'capacity' | 'booked'> & { note?: string })[];
}

export type CheckoutRequest = z.input<typeof CheckoutRequestSchema>;
export type CheckoutItemPayload = z.input<typeof CheckoutItemSchema>;

/** What the server answers once the payment page is ready. */
export interface CheckoutSessionResponse {
  url: string;
  sessionId: string;
  orderId: string;
}

const digits = (v: string) => v.replace(/[\s-]/g, '');

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "MM / YY", "MM/YY" or "MM/YYYY" -> the last month the card is valid, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/**
 * The card form of the built-in test payment page. Messages follow the wording customers know
 * from hosted card pages; the same schema checks the form in the browser and on the server.
 */
export const TestCardSchema = z.object({
  cardNumber: z
    .string()
    .transform(digits)
    .pipe(
      z
        .string()
        .min(1, 'Enter your card number')
        .refine((v) => /^\d{12,19}$/.test(v) && luhnValid(v), 'Your card number is incorrect.'),
    ),
  expiry: z
    .string()
    .trim()
    .min(1, "Enter your card's expiry date")
    .refine((v) => parseExpiry(v) !== null, "Your card's expiry date is incomplete.")
    .refine((v) => {
      const e = parseExpiry(v);
      if (!e) return true;
      const now = new Date();
      return e.year > now.getFullYear() || (e.year === now.getFullYear() && e.month >= now.getMonth() + 1);
    }, "Your card's expiry date is in the past."),
  cvc: z
    .string()
    .trim()
    .min(1, "Enter your card's security code")
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  name: z
    .string()
    .trim()
    .min(1, 'Enter the name on your card')
    .max(100, 'The name on your card is too long')
    .refine(isOneLine, 'The name on your card contains characters that are not allowed'),
});

export type TestCardInput = z.input<typeof TestCardSchema>;
