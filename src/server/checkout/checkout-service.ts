import { eq, inArray } from 'drizzle-orm';
import {
  type BoxContents,
  type BoxFilling,
  type BoxRules,
  checkFilling,
  fillingKey,
  normaliseFilling,
} from '~/shared/boxes/box';
import { MAX_LINE_QUANTITY } from '~/shared/constants';
import { dispatchText, minimumText, NOT_A_POSTCODE } from '~/shared/delivery-zones/zone-texts';
import type { DeliveryZone } from '~/shared/delivery-zones/zones';
import { normaliseCode } from '~/shared/discounts/discount-code';
import type { VatRate } from '~/shared/food-information';
import type { GiftCardPurchase } from '~/shared/gift-cards/gift-card-code';
import {
  GIFT_CARD_PURCHASE_MESSAGES,
  type GiftCardLine,
  isGiftCardAmount,
  MAX_GIFT_CARDS_PER_PURCHASE,
  sendOnRefusal,
} from '~/shared/gift-cards/gift-card-purchase';
import { isUuid } from '~/shared/ids';
import { hasLimits, type LimitedLine, saleRefusal, transitFor } from '~/shared/limited/limited';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { ShipTo } from '~/shared/orders/ship-to';
import { deliveryTerms, type PricedOrder, priceOrder } from '~/shared/pricing/price-order';

import {
  type CheckoutQuote,
  CheckoutQuoteSchema,
  CheckoutRequestSchema,
  type CheckoutSessionResponse,
  QUANTITY_MESSAGE,
} from '~/shared/schemas/checkout';
import type { Delivery } from '~/shared/schemas/gift-delivery';
import { slotRulesOf } from '~/shared/settings/collection-slots';
import { londonDate } from '~/shared/time/london-time';
import type { SessionUser } from '../auth/session-service';
import type { BakeDaysService } from '../bake-days/bake-days-service';
import { boxRulesFrom } from '../boxes/box-rules';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { products, profiles } from '../db/schema';
import { decideZone } from '../delivery-zones/zones-service';
import type { DiscountsService, RedeemedCode } from '../discounts/discounts-service';
import { AppError, badRequest, parseOrThrow } from '../errors';
import { type GiftCardPlan, holdForOrder, planGiftCards } from '../gift-cards/gift-card-ledger';
import { onServedOrigin, servedOrigin } from '../http/served-origin';
import { limitedDays } from '../limited/limited-days';
import type { Logger } from '../logger';
import { NO_COUNTERS, type ShopCounters } from '../metrics/shop-counters';
import { hasFreeSlot, reserveSlot } from '../orders/collection-slots';
import { cancelCheckoutsHolding, giftCardPayment } from '../orders/gift-card-holds';
import type { OpenCheckout } from '../orders/open-checkouts';
import type { NewOrder, OrdersService } from '../orders/orders-service';
import { goesTo } from '../orders/ship-to-columns';
import type { PaymentOrder, PaymentProvider } from '../payments/payment-provider';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { boxCandidates, boxRulesColumns, boxRulesJoin, limitColumns } from './box-products';

/** Checkouts one customer may start per minute: generous for people, a wall for scripts. */
export const CHECKOUTS_PER_MINUTE = 20;
/** The most a card payment page takes in one go (Stripe's limit for GBP is £999,999.99). */
const MAX_ORDER_PENNIES = 99_999_999;

/**
 * When a new payment page stops taking payment. Stripe accepts 30 minutes to 24 hours, so its
 * pages last at least a little over 30 minutes.
 */
function paymentExpiry(provider: 'test' | 'stripe', minutes: number): Date {
  const wanted = provider === 'stripe' ? Math.max(minutes, 31) : minutes;
  return new Date(Date.now() + wanted * 60_000);
}

/** A payment page that closes sooner than this is not worth sending a customer back to. */
const REUSE_MARGIN_MS = 5 * 60_000;

/** What checkout wrote (or found already written): the order as its payment page shows it. */
interface WrittenOrder {
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

interface WantedLine {
  productId: string;
  quantity: number;
  /** The cookies in one box, as the browser proposes them (checked in `priceLines`). */
  filling: BoxFilling | null;
  /** The name the browser showed, used only to name a product that no longer exists. */
  shownName: string | null;
  /** A gift card's amount and recipient (decision 047), as the browser sent them. */
  giftCard: GiftCardLine | null;
  /** Where the line was in the request, to point at it in the error's fields. */
  index: number;
}

/** A basket's limited products, one entry per product (two boxes filled differently add up). */
function limitedOf(lines: PricedLine[]): LimitedLine[] {
  const byId = new Map<string, LimitedLine>();
  // A cookie bought loose and inside boxes counts once, with all its units.
  for (const limits of lines.flatMap((l) => [...(l.limits ? [l.limits] : []), ...(l.limitsInside ?? [])])) {
    const seen = byId.get(limits.productId);
    if (seen) seen.units += limits.units;
    else byId.set(limits.productId, { ...limits });
  }
  return [...byId.values()];
}

/** Joins names the way a sentence does: "A", "A and B", "A, B and C". */
const listNames = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * Repeated product ids (with the same box filling) become one line; the total quantity must still
 * be allowed. Two boxes filled differently stay two lines.
 */
function mergeLines(
  items: {
    product_id: string;
    name?: unknown;
    quantity: number;
    box?: BoxFilling;
    gift_card?: GiftCardLine;
  }[],
): WantedLine[] {
  const byId = new Map<string, WantedLine>();
  items.forEach((item, index) => {
    const id = item.product_id.toLowerCase();
    const filling = item.box ? normaliseFilling(item.box) : null;
    const giftCard = item.gift_card ?? null;
    // Each gift card line is its own: its recipient and amount (never merged with another).
    const key = giftCard ? `${id}|gift|${index}` : filling ? `${id}|${fillingKey(filling)}` : id;
    const line = byId.get(key);
    if (line) line.quantity += item.quantity;
    else {
      const shownName =
        typeof item.name === 'string' && item.name.trim() ? item.name.trim().slice(0, 80) : null;
      byId.set(key, { productId: id, quantity: item.quantity, filling, shownName, giftCard, index });
    }
  });
  const lines = [...byId.values()];
  const tooMany = lines.find((l) => l.quantity > MAX_LINE_QUANTITY);
  if (tooMany) throw badRequest(QUANTITY_MESSAGE, { [`items.${tooMany.index}.quantity`]: QUANTITY_MESSAGE });
  return lines;
}

/** What pricing reads from the shop's settings; read for every checkout, so a change applies at once. */
export interface PricingSettings {
  deliveryFeePennies: number;
  freeDeliveryOverPennies: number | null;
  collectionEnabled: boolean;
  /** Collection time slots (decision 084); absent or null = no slots. */
  collectionSlotMinutes?: number | null;
  collectionSlotOpens?: string | null;
  collectionSlotCloses?: string | null;
  collectionSlotCap?: number | null;
}

export const NO_COLLECTION_MESSAGE =
  'Sorry, collection from the bakery is not available at the moment. Please choose delivery.';
export const COLLECTION_GIFT_MESSAGE =
  'A collected order is collected by you. To send cookies to someone else, choose delivery.';

/** A product line priced from the catalogue: at checkout, and for each Cookie Club box. */
export interface ProductLine {
  productId: string;
  name: string;
  unitPricePennies: number;
  quantity: number;
  vatRate: VatRate;
  /** What is in each box, checked against the catalogue (decision 042); null for loose cookies. */
  box: BoxContents | null;
  /** Cookies baked per unit: a box's size, or 1. */
  cookiesEach: number;
}

type PricedLine = ProductLine & {
  /** A limited or seasonal product's rules and units (decision 043); null for any other. */
  limits: LimitedLine | null;
  /** The limited cookies in its boxes, with the units all of this line's boxes hold. */
  limitsInside?: LimitedLine[];
  /** A gift card bought: who it is for and when to send it (decision 047); null for cookies. */
  giftCard: GiftCardPurchase | null;
};

/**
 * Where the order goes: the profile's address, or a gift's recipient with its message. A
 * collection needs no address: the order keeps who collects and their phone only.
 */
function shipTo(
  profile: typeof profiles.$inferSelect,
  delivery: Delivery | undefined,
  fulfilment: Fulfilment,
): ShipTo {
  if (fulfilment === 'collection') {
    if (delivery?.to === 'someone-else')
      throw badRequest(COLLECTION_GIFT_MESSAGE, { delivery: COLLECTION_GIFT_MESSAGE });
    return { name: profile.fullName, phone: profile.phone, address: '', city: '', postcode: '', gift: null };
  }
  const gift = delivery?.to === 'someone-else';
  const to = gift ? delivery.recipient : profile;
  return {
    name: to.fullName,
    phone: to.phone,
    address: to.address,
    city: to.city,
    postcode: to.postcode,
    gift: gift ? { message: delivery.giftMessage } : null,
  };
}

/**
 * Whether an order waiting for payment is the checkout asked for, so paying again reuses it: the
 * same products in the same quantities at today's prices, the same delivery or collection, day
 * (any, when none is asked for), address, recipient and gift message, and code (decision 033).
 */
function isSameCheckout(
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
function reusedOrder({ order, lines }: OpenCheckout, customerEmail: string): WrittenOrder {
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

/**
 * A gift card line (decision 047): priced at the amount chosen (one offered, or whole pounds from
 * £5 to £200), no VAT on its sale (a multi-purpose voucher), and a send date from today on.
 */
function giftCardLine(l: WantedLine, product: { id: string; name: string }): PricedLine {
  const field = (name: string) => `items.${l.index}.gift_card${name ? `.${name}` : ''}`;
  const g = l.giftCard;
  if (!g || !isGiftCardAmount(g.amount_pennies)) {
    throw badRequest(GIFT_CARD_PURCHASE_MESSAGES.amount, {
      [field('amount_pennies')]: GIFT_CARD_PURCHASE_MESSAGES.amount,
    });
  }
  const late = sendOnRefusal(g.send_on);
  if (late) throw badRequest(late, { [field('send_on')]: late });
  return {
    productId: product.id,
    name: product.name,
    unitPricePennies: g.amount_pennies,
    quantity: l.quantity,
    vatRate: 0,
    box: null,
    cookiesEach: 1,
    limits: null,
    giftCard: {
      recipientName: g.recipient_name,
      recipientEmail: g.recipient_email,
      message: g.message,
      sendOn: g.send_on,
    },
  };
}

/**
 * A basket of gift cards only, or of cookies only (decision 047): a mixed one is refused, and so
 * is one of more than MAX_GIFT_CARDS_PER_PURCHASE cards (decision 064); a gift card is not bought with a discount code nor paid with another gift card.
 */
function giftCardsOnly(
  lines: PricedLine[],
  rawCode: string | undefined,
  giftCodes: readonly string[],
): boolean {
  const cardLines = lines.filter((l) => l.giftCard);
  if (cardLines.length === 0) return false;
  const m = GIFT_CARD_PURCHASE_MESSAGES;
  if (cardLines.length < lines.length) throw badRequest(m.mixed);
  const cards = cardLines.reduce((sum, l) => sum + l.quantity, 0);
  if (cards > MAX_GIFT_CARDS_PER_PURCHASE) throw badRequest(m.tooMany, { items: m.tooMany });
  if (rawCode !== undefined) throw badRequest(m.noCode, { discount_code: m.noCode });
  if (giftCodes.length > 0) throw badRequest(m.noGiftCard, { gift_cards: m.noGiftCard });
  return true;
}

/** No delivery and no day for gift cards: they go by e-mail (decision 047). */
const GIFT_CARD_SETTINGS: PricingSettings = {
  deliveryFeePennies: 0,
  freeDeliveryOverPennies: null,
  collectionEnabled: false,
};

/**
 * Checkout: prices the basket from the database (never from the browser), writes the pending
 * order and its lines in one transaction, then opens the provider's hosted payment page for it.
 */
export function createCheckoutService(deps: {
  config: Config;
  db: Db;
  orders: OrdersService;
  provider: PaymentProvider;
  rateLimiter: RateLimiter;
  bakeDays: BakeDaysService;
  discounts: DiscountsService;
  /** Read inside the checkout's transaction (`exec`): on PGlite a query beside it would wait forever. */
  pricingSettings: (exec: Db | Tx) => Promise<PricingSettings>;
  /** The delivery zones as they are now (read in the checkout's transaction); none = deliver everywhere. */
  zones?: (exec: Db | Tx) => Promise<readonly DeliveryZone[]>;
  log: Logger;
  counters?: ShopCounters;
}) {
  const { config, db, orders, provider, rateLimiter, bakeDays, discounts, pricingSettings, log } = deps;
  const zonesNow = deps.zones ?? (async () => []);

  /**
   * The zone delivering to `postcode` (the address the server stores: the profile's or the gift
   * recipient's, never one the browser names); refused with the customer's reason when no zone
   * delivers there. Collection needs none.
   */
  async function zoneFor(
    exec: Db | Tx,
    postcode: string,
    fulfilment: Fulfilment,
  ): Promise<DeliveryZone | null> {
    if (fulfilment === 'collection') return null;
    const { zone, refused } = decideZone(await zonesNow(exec), postcode);
    if (refused) throw badRequest(refused, { postcode: refused });
    return zone;
  }
  const counters = deps.counters ?? NO_COUNTERS;

  /** The basket's lines priced from the database; unknown, inactive and sold-out products refused. */
  async function priceLines(tx: Db | Tx, wanted: WantedLine[]): Promise<PricedLine[]> {
    const ids = wanted.map((l) => l.productId).filter(isUuid);
    const rows = ids.length
      ? await tx
          .select({
            id: products.id,
            name: products.name,
            price: products.pricePennies,
            active: products.isActive,
            soldOut: products.soldOut,
            vatRate: products.vatRate,
            ...limitColumns,
            kind: products.kind,
            ...boxRulesColumns,
          })
          .from(products)
          .leftJoin(...boxRulesJoin)
          .where(inArray(products.id, ids))
      : [];
    const found = new Map(rows.map((r) => [r.id, r]));
    const unavailable = wanted.filter((l) => !found.get(l.productId)?.active);
    if (unavailable.length > 0) {
      const names = unavailable.map((l) => found.get(l.productId)?.name ?? l.shownName ?? 'an item');
      const one = unavailable.length === 1;
      throw badRequest(
        `Sorry, ${listNames(names)} ${one ? 'is' : 'are'} no longer available. ` +
          `Please remove ${one ? 'it' : 'them'} from your basket and try again.`,
        Object.fromEntries(unavailable.map((l) => [`items.${l.index}.product_id`, 'No longer available'])),
      );
    }

    const soldOut = wanted.filter((l) => found.get(l.productId)!.soldOut);
    if (soldOut.length > 0) {
      const names = soldOut.map((l) => found.get(l.productId)!.name);
      const one = soldOut.length === 1;
      throw badRequest(
        `Sorry, ${listNames(names)} ${one ? 'is' : 'are'} sold out. ` +
          `Please remove ${one ? 'it' : 'them'} from your basket and try again.`,
        Object.fromEntries(soldOut.map((l) => [`items.${l.index}.product_id`, 'Sold out'])),
      );
    }

    // Limited and seasonal (decision 043): not before it is on sale, nor after.
    const today = londonDate(new Date());
    for (const l of wanted) {
      const p = found.get(l.productId)!;
      const refusal = saleRefusal({ ...p, productId: p.id, units: l.quantity }, today);
      if (refusal) throw badRequest(refusal, { [`items.${l.index}.product_id`]: refusal });
    }

    const boxes = new Map<string, BoxRules>();
    for (const r of rows) {
      const rules = boxRulesFrom(r);
      if (rules) boxes.set(r.id, rules);
    }
    const { contents, catalogue } = await boxContentsOf(tx, wanted, found, boxes);
    const limitsInside = (l: WantedLine, box: BoxContents | undefined): LimitedLine[] =>
      (box ?? []).flatMap((e) => {
        const cookie = catalogue.get(e.product_id);
        return cookie && hasLimits(cookie)
          ? [{ ...cookie, productId: cookie.id, units: e.quantity * l.quantity }]
          : [];
      });
    // A limited cookie chosen inside a box is on sale exactly when it is loose.
    for (const [i, l] of wanted.entries()) {
      for (const inside of limitsInside(l, contents[i])) {
        const refusal = saleRefusal(inside, today);
        if (refusal) throw badRequest(refusal, { [`items.${l.index}.box`]: refusal });
      }
    }
    return wanted.map((l, i) => {
      const product = found.get(l.productId)!;
      if (product.kind === 'gift_card') return giftCardLine(l, product);
      return {
        productId: product.id,
        name: product.name,
        // A box is priced as the product, whatever is in it (and whatever the browser says).
        unitPricePennies: product.price,
        quantity: l.quantity,
        vatRate: product.vatRate as VatRate,
        box: contents[i] ?? null,
        cookiesEach: boxes.get(product.id)?.size ?? 1,
        limits: hasLimits(product) ? { ...product, productId: product.id, units: l.quantity } : null,
        limitsInside: limitsInside(l, contents[i]),
        giftCard: null,
      };
    });
  }

  /**
   * Each line's box contents (undefined for loose cookies): a box's filling is checked against
   * the box and the catalogue as it is now, in the checkout's transaction; a filling sent for a
   * product that is not a box is ignored.
   */
  async function boxContentsOf(
    tx: Db | Tx,
    wanted: WantedLine[],
    found: Map<string, { name: string }>,
    boxes: Map<string, BoxRules>,
  ): Promise<{
    contents: (BoxContents | undefined)[];
    catalogue: Awaited<ReturnType<typeof boxCandidates>>;
  }> {
    if (boxes.size === 0) return { contents: [], catalogue: new Map() };
    const ids = wanted.flatMap((l) => [
      ...(l.filling ?? []).map((e) => e.product_id),
      ...(boxes.get(l.productId)?.fixed ?? []).map((e) => e.product_id),
    ]);
    const catalogue = await boxCandidates(tx, ids);
    const contents = wanted.map((l) => {
      const rules = boxes.get(l.productId);
      if (!rules) return undefined;
      const checked = checkFilling(
        { name: found.get(l.productId)!.name, rules },
        l.filling ?? undefined,
        catalogue,
      );
      if (!checked.ok) throw badRequest(checked.message, { [`items.${l.index}.box`]: checked.message });
      return checked.contents;
    });
    return { contents, catalogue };
  }

  /**
   * Prices lines with the shop's settings and, when given, a discount code (refused with its
   * reason). `lock` holds the code's row until the transaction ends (placing an order).
   */
  async function price(
    tx: Db | Tx,
    settings: PricingSettings,
    lines: PricedLine[],
    fulfilment: Fulfilment,
    rawCode: string | undefined,
    profileId: string | null,
    lock: boolean,
    zone: DeliveryZone | null = null,
  ): Promise<{ priced: PricedOrder; code: RedeemedCode | null }> {
    const subtotal = lines.reduce((sum, l) => sum + l.unitPricePennies * l.quantity, 0);
    const code = rawCode
      ? await discounts.redeem(tx, rawCode, { subtotalPennies: subtotal, profileId, lock })
      : null;
    const priced = priceOrder({
      lines,
      fulfilment,
      ...deliveryTerms(settings, zone),
      discount: code?.terms ?? null,
    });
    if (priced.totalPennies > MAX_ORDER_PENNIES) {
      throw badRequest('This order is too large to pay for online. Please contact us to arrange it.');
    }
    return { priced, code };
  }

  /**
   * The shop's settings, read once per checkout or quote; collection is offered only while the
   * owner has it switched on.
   */
  async function settingsFor(tx: Db | Tx, fulfilment: Fulfilment): Promise<PricingSettings> {
    const settings = await pricingSettings(tx);
    if (fulfilment === 'collection' && !settings.collectionEnabled)
      throw badRequest(NO_COLLECTION_MESSAGE, { fulfilment: NO_COLLECTION_MESSAGE });
    return settings;
  }

  async function writeOrder(
    user: SessionUser,
    wanted: WantedLine[],
    wantedDay: unknown,
    wantedSlot: unknown,
    delivery: Delivery | undefined,
    rawCode: string | undefined,
    wantedFulfilment: Fulfilment,
    giftCodes: string[],
  ): Promise<WrittenOrder> {
    return db.transaction(async (tx) => {
      // A customer's checkouts queue on their profile row (held until this commits): two tabs or a
      // double click starting payment at once decide one after the other whether an order waiting
      // for payment already is this one (decision 033).
      const [profile] = await tx
        .select()
        .from(profiles)
        .where(eq(profiles.id, user.id))
        .limit(1)
        .for('no key update');
      if (!profile) throw badRequest('Please add your delivery details to your account before checking out.');
      const lines = await priceLines(tx, wanted);
      const onlyCards = giftCardsOnly(lines, rawCode, giftCodes);
      const fulfilment: Fulfilment = onlyCards ? 'delivery' : wantedFulfilment;
      const settings = onlyCards ? GIFT_CARD_SETTINGS : await settingsFor(tx, fulfilment);
      // Gift cards go by e-mail: the order keeps the buyer's name and phone, and no address.
      const ship: ShipTo = onlyCards
        ? { name: profile.fullName, phone: profile.phone, address: '', city: '', postcode: '', gift: null }
        : shipTo(profile, delivery, fulfilment);
      const zone = onlyCards ? null : await zoneFor(tx, ship.postcode, fulfilment);
      const actor = { type: 'customer' as const, id: user.id, name: profile.fullName };

      const open = await orders.openCheckouts(tx, profile.id);
      const wantedCode = rawCode === undefined ? null : normaliseCode(rawCode);
      const same =
        (rawCode !== undefined && wantedCode === null) || giftCodes.length > 0 || onlyCards
          ? undefined
          : open.find(
              (o) =>
                (o.order.paymentExpiresAt?.getTime() ?? 0) > Date.now() + REUSE_MARGIN_MS &&
                isSameCheckout(o, { lines, ship, fulfilment, wantedDay, wantedSlot, code: wantedCode }),
            );
      if (same) return reusedOrder(same, profile.email);

      // The day's check and its reservation: the lock is held until this order commits. The day is
      // locked before the code, in every checkout, so two locks never wait on each other in a circle.
      // The oven bakes cookies, not boxes: a box counts as its cookies.
      const cookies = lines.reduce((sum, l) => sum + l.quantity * l.cookiesEach, 0);
      // Collection time slots (decision 084): a collection naming no day gets the first with a slot left.
      const slotRules = fulfilment === 'collection' ? slotRulesOf(settings) : null;
      const deliveryDate = onlyCards
        ? null
        : await bakeDays.reserveDay(
            tx,
            wantedDay,
            cookies,
            fulfilment,
            limitedOf(lines),
            zone,
            slotRules ? (date) => hasFreeSlot(tx, date, slotRules) : undefined,
          );
      // A collection's time slot, under the day's lock just taken (decision 084): its cap holds
      // however many checkouts race for its last place.
      const collectionSlot =
        fulfilment === 'collection' && deliveryDate
          ? await reserveSlot(tx, deliveryDate, wantedSlot, slotRules)
          : null;
      const { priced, code } = await price(tx, settings, lines, fulfilment, rawCode, profile.id, true, zone);
      if (zone?.minimumOrderPennies != null && priced.minimumShortfallPennies !== null) {
        const message = minimumText(zone.minimumOrderPennies);
        throw badRequest(message, { items: message });
      }
      // The customer's own earlier checkouts that hold these cards give them up first: a new
      // checkout with the same card replaces them (they were never paid).
      const replaced = await cancelCheckoutsHolding(tx, open, giftCodes, actor);
      // The cards are locked last, after the day and the code, until this order commits.
      const gifts: GiftCardPlan = await planGiftCards(tx, giftCodes, priced.totalPennies, true);

      const expiresAt = paymentExpiry(provider.name, config.checkoutSessionMinutes);
      const { orderId } = await orders.place(
        tx,
        {
          profileId: profile.id,
          ship,
          lines,
          fulfilment,
          discountCode: code ? { id: code.id, code: code.terms.code } : null,
          priced,
          giftCardPennies: gifts.coveredPennies,
          deliveryDate,
          collectionSlot,
          provider: provider.name,
          paymentExpiresAt: expiresAt,
          zone:
            zone && zone.method !== 'none'
              ? { id: zone.id, name: zone.name, method: zone.method, transitDays: zone.transitDays }
              : null,
        },
        actor,
      );
      await holdForOrder(tx, orderId, gifts, actor);
      // Covered in full by gift cards: paid at once, in this transaction (no card payment).
      const paidByGiftCards = gifts.coveredPennies > 0 && gifts.coveredPennies === priced.totalPennies;
      if (paidByGiftCards) await orders.recordPayment(tx, giftCardPayment(orderId, gifts.coveredPennies));
      return {
        payment: {
          orderId,
          expiresAt,
          customerEmail: profile.email,
          lines,
          discount:
            code && priced.discountPennies > 0
              ? { code: code.terms.code, pennies: priced.discountPennies }
              : null,
          deliveryFeePennies: priced.deliveryPennies,
          totalPennies: priced.totalPennies,
          giftCards: gifts.cards.map((c) => ({ last4: c.last4, pennies: c.pennies })),
          deliveryDate,
          dispatch:
            zone?.method === 'post' && deliveryDate ? dispatchText(deliveryDate, zone.transitDays) : null,
          fulfilment,
        },
        session: null,
        reused: false,
        paidByGiftCards,
        replaced,
      };
    });
  }

  return {
    /**
     * Starts a checkout for the signed-in customer (create-checkout-session, docs/rules/shop-pages.md): only product
     * ids and quantities are read from the request; a sent price or delivery fee is ignored.
     */
    async createCheckoutSession(
      user: SessionUser,
      input: unknown,
      /** The origin the request came from: the payment page returns there if the shop serves it. */
      from: { origin?: string | null } = {},
    ): Promise<CheckoutSessionResponse> {
      const returnOrigin = servedOrigin(from.origin, config.publicUrl);
      await rateLimiter.hit(
        `checkout:${user.id}`,
        CHECKOUTS_PER_MINUTE,
        60,
        'Too many checkout attempts. Please wait a minute and try again.',
      );
      const { items, delivery_date, collection_slot, delivery, discount_code, fulfilment, gift_cards } =
        parseOrThrow(CheckoutRequestSchema, input);
      const wanted = mergeLines(items);
      const order = await writeOrder(
        user,
        wanted,
        delivery_date,
        collection_slot,
        delivery,
        discount_code,
        fulfilment,
        gift_cards,
      );
      const { orderId } = order.payment;
      // A reused order was counted when it was placed.
      if (!order.reused) counters.orderPlaced();
      if (order.replaced?.length) await orders.closePaymentPages(order.replaced);
      if (order.paidByGiftCards) {
        const sessionId = giftCardPayment(orderId, 0).sessionId;
        log.info({ orderId, userId: user.id }, 'checkout paid by gift cards');
        return {
          url: `${returnOrigin}/checkout/success?session_id=${encodeURIComponent(sessionId)}`,
          sessionId,
          orderId,
        };
      }

      let session = order.session;
      if (!session) {
        let opened: { sessionId: string; url: string };
        try {
          opened = await provider.createSession({ ...order.payment, returnOrigin });
        } catch (err) {
          // The order stays pending and unpaid; the basket is still in the browser to try again.
          log.error({ err, orderId, provider: provider.name }, 'payment provider refused a session');
          throw new AppError(
            502,
            'payment_provider_error',
            'We could not reach the payment service. Please try again in a moment.',
          );
        }
        session = await orders.attachPaymentSession(orderId, opened);
      }
      log.info(
        { orderId, userId: user.id, total: order.payment.totalPennies, reused: order.reused },
        order.reused ? 'checkout resumed' : 'checkout started',
      );
      // A page opened again from another of the shop's origins keeps this one.
      const url = onServedOrigin(session.url, returnOrigin, config.publicUrl);
      return { url, sessionId: session.sessionId, orderId };
    },

    /**
     * Cancel on the payment page: the customer's own order waiting for payment is cancelled (its
     * places and code use given back). Says whether it was, or was already paid or closed.
     */
    cancelPayment: (user: SessionUser, orderId: string) =>
      orders.cancelCheckout(user.id, orderId, { type: 'customer', id: user.id, name: user.name }),

    /** Whether the basket's order is paid yet (the basket empties itself once it is). */
    paymentState: (user: SessionUser, orderId: string) => orders.checkoutState(user.id, orderId),

    /**
     * Prices a basket as checkout would (the summary the customer sees before paying), with any
     * discount code checked and refused with its reason; writes nothing.
     */
    async quote(user: SessionUser | null, input: unknown): Promise<CheckoutQuote> {
      const parsed = parseOrThrow(CheckoutQuoteSchema, input);
      const { items, discount_code, gift_cards, postcode } = parsed;
      const lines = await priceLines(db, mergeLines(items));
      const onlyCards = giftCardsOnly(lines, discount_code, gift_cards);
      const fulfilment = onlyCards ? 'delivery' : parsed.fulfilment;
      const settings = onlyCards ? GIFT_CARD_SETTINGS : await settingsFor(db, fulfilment);
      // The zone of the recipient's postcode as typed, or of the customer's own address.
      const deliverTo =
        fulfilment === 'collection' || onlyCards
          ? null
          : postcode?.trim()
            ? postcode
            : user
              ? ((
                  await db
                    .select({ postcode: profiles.postcode })
                    .from(profiles)
                    .where(eq(profiles.id, user.id))
                    .limit(1)
                )[0]?.postcode ?? null)
              : null;
      const decision = deliverTo ? decideZone(await zonesNow(db), deliverTo) : { zone: null, refused: null };
      const zone = decision.zone;
      const { priced, code } = await price(
        db,
        settings,
        lines,
        fulfilment,
        discount_code,
        user?.id ?? null,
        false,
        zone,
      );
      const cookies = lines.reduce((sum, l) => sum + l.quantity * l.cookiesEach, 0);
      // A postcode no zone delivers to has no day to offer (not the bake calendar's); one
      // still being typed keeps the page's days until it is whole.
      const days =
        decision.refused && decision.refused !== NOT_A_POSTCODE
          ? []
          : zone
            ? (await bakeDays.choices(cookies, 'delivery', zone)).map(
                ({ date, state, orderBy, capacity, booked }) => ({
                  date,
                  state,
                  orderBy,
                  capacity,
                  booked,
                }),
              )
            : undefined;
      // Limited products (decision 043): only their days, with the server's words for each.
      const limited = await limitedDays(
        db,
        bakeDays,
        limitedOf(lines),
        cookies,
        fulfilment,
        days,
        transitFor(zone),
      );
      const gifts = await planGiftCards(db, gift_cards, priced.totalPennies, false);
      return {
        lines: lines.map((l) => ({
          product_id: l.productId,
          name: l.name,
          unit_price_pennies: l.unitPricePennies,
          quantity: l.quantity,
          box: l.box,
        })),
        subtotal_pennies: priced.subtotalPennies,
        discount: code
          ? {
              code: code.terms.code,
              pennies: priced.discountPennies,
              delivery_waived_pennies: priced.deliveryWaivedPennies,
            }
          : null,
        delivery_pennies: priced.deliveryPennies,
        total_pennies: priced.totalPennies,
        free_delivery_shortfall_pennies: priced.freeDeliveryShortfallPennies,
        gift_cards: gifts.cards.map((c) => ({ last4: c.last4, pennies: c.pennies })),
        to_pay_pennies: priced.totalPennies - gifts.coveredPennies,
        limited_days: limited,
        zone: zone?.name ?? null,
        delivery_note:
          decision.refused ??
          (zone?.minimumOrderPennies != null && priced.minimumShortfallPennies !== null
            ? minimumText(zone.minimumOrderPennies)
            : null),
        transit_days: zone?.method === 'post' ? (zone.transitDays ?? null) : null,
        dispatch:
          zone?.method === 'post' && days
            ? Object.fromEntries(days.map((d) => [d.date, dispatchText(d.date, zone.transitDays)]))
            : undefined,
        days: limited?.days ?? days,
        gift_cards_only: onlyCards,
      };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
