import { eq, sql } from 'drizzle-orm';
import { dispatchText, minimumText, NOT_A_POSTCODE } from '~/shared/delivery-zones/zone-texts';
import type { DeliveryZone } from '~/shared/delivery-zones/zones';
import { normaliseCode } from '~/shared/discounts/discount-code';
import { transitFor } from '~/shared/limited/limited';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { ShipTo } from '~/shared/orders/ship-to';
import { deliveryTerms, type PricedOrder, priceOrder } from '~/shared/pricing/price-order';

import {
  type CheckoutQuote,
  CheckoutQuoteSchema,
  CheckoutRequestSchema,
  type CheckoutSessionResponse,
} from '~/shared/schemas/checkout';
import type { Delivery } from '~/shared/schemas/gift-delivery';
import { slotRulesOf } from '~/shared/settings/collection-slots';
import type { SessionUser } from '../auth/session-service';
import type { BakeDaysService } from '../bake-days/bake-days-service';
import type { Config } from '../config';
import { builtOnce } from '../db/built-once';
import type { Db, Tx } from '../db/client';
import { profiles } from '../db/schema';
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
import type { OrdersService } from '../orders/orders-service';
import type { PaymentProvider } from '../payments/payment-provider';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import {
  limitedOf,
  mergeLines,
  type PricedLine,
  type PricingSettings,
  type WantedLine,
} from './basket-lines';
import { GIFT_CARD_SETTINGS, giftCardsOnly } from './gift-card-purchase';
import {
  isSameCheckout,
  paymentExpiry,
  REUSE_MARGIN_MS,
  reusedOrder,
  type WrittenOrder,
} from './open-checkout-reuse';
import { priceLines } from './price-basket';
import { shipTo } from './ship-to';

export const NO_COLLECTION_MESSAGE =
  'Sorry, collection from the bakery is not available at the moment. Please choose delivery.';

/** Checkouts one customer may start per minute: generous for people, a wall for scripts. */
export const CHECKOUTS_PER_MINUTE = 20;
/** The most a card payment page takes in one go (Stripe's limit for GBP is £999,999.99). */
const MAX_ORDER_PENNIES = 99_999_999;

// Every checkout starts here: built once.
const profileForCheckout = builtOnce('checkout_profile', (tx) =>
  tx
    .select()
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('id')))
    .limit(1)
    .for('no key update'),
);

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

  /**
   * Prices lines with the shop's settings and, when given, a discount code (refused with its
   * reason).
   */
  async function price(
    tx: Db | Tx,
    {
      settings,
      lines,
      fulfilment,
      code: rawCode,
      profileId,
      lockCode,
      zone,
    }: {
      settings: PricingSettings;
      lines: PricedLine[];
      fulfilment: Fulfilment;
      code: string | undefined;
      profileId: string | null;
      /** Placing an order: the code's row is held until the transaction ends. */
      lockCode: boolean;
      zone: DeliveryZone | null;
    },
  ): Promise<{ priced: PricedOrder; code: RedeemedCode | null }> {
    const subtotal = lines.reduce((sum, l) => sum + l.unitPricePennies * l.quantity, 0);
    const code = rawCode
      ? await discounts.redeem(tx, rawCode, { subtotalPennies: subtotal, profileId, lock: lockCode })
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

  /**
   * The one pricing step the quote and the order share: the basket's lines from the catalogue, a
   * basket of gift cards only (delivered by e-mail) or of cookies, and the settings that price it.
   */
  async function basketOf(
    exec: Db | Tx,
    want: {
      wanted: WantedLine[];
      code: string | undefined;
      giftCodes: readonly string[];
      fulfilment: Fulfilment;
    },
  ) {
    const lines = await priceLines(exec, want.wanted);
    const onlyCards = giftCardsOnly(lines, want.code, want.giftCodes);
    const fulfilment: Fulfilment = onlyCards ? 'delivery' : want.fulfilment;
    const settings = onlyCards ? GIFT_CARD_SETTINGS : await settingsFor(exec, fulfilment);
    return { lines, onlyCards, fulfilment, settings };
  }

  async function writeOrder(
    user: SessionUser,
    {
      wanted,
      wantedDay,
      wantedSlot,
      delivery,
      code: rawCode,
      fulfilment: wantedFulfilment,
      giftCodes,
    }: {
      wanted: WantedLine[];
      wantedDay: unknown;
      wantedSlot: unknown;
      delivery: Delivery | undefined;
      code: string | undefined;
      fulfilment: Fulfilment;
      giftCodes: string[];
    },
  ): Promise<WrittenOrder> {
    return db.transaction(async (tx) => {
      // A customer's checkouts queue on their profile row (held until this commits): two tabs or a
      // double click starting payment at once decide one after the other whether an order waiting
      // for payment already is this one (decision 033).
      const [profile] = await profileForCheckout(tx, { id: user.id });
      if (!profile) throw badRequest('Please add your delivery details to your account before checking out.');
      const { lines, onlyCards, fulfilment, settings } = await basketOf(tx, {
        wanted,
        code: rawCode,
        giftCodes,
        fulfilment: wantedFulfilment,
      });
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
      const { priced, code } = await price(tx, {
        settings,
        lines,
        fulfilment,
        code: rawCode,
        profileId: profile.id,
        lockCode: true,
        zone,
      });
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
      const order = await writeOrder(user, {
        wanted,
        wantedDay: delivery_date,
        wantedSlot: collection_slot,
        delivery,
        code: discount_code,
        fulfilment,
        giftCodes: gift_cards,
      });
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
      const { lines, onlyCards, fulfilment, settings } = await basketOf(db, {
        wanted: mergeLines(items),
        code: discount_code,
        giftCodes: gift_cards,
        fulfilment: parsed.fulfilment,
      });
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
      const { priced, code } = await price(db, {
        settings,
        lines,
        fulfilment,
        code: discount_code,
        profileId: user?.id ?? null,
        lockCode: false,
        zone,
      });
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
