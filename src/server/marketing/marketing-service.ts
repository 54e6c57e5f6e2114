import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { isUuid } from '~/shared/ids';
import {
  BASKET_REMINDER_HOURS,
  CONSENT_OPT_IN,
  CONSENT_WITHDRAW_LINK,
  CONSENT_WITHDRAW_ONE_CLICK,
  type ConsentRecord,
  type ConsentSource,
} from '~/shared/marketing/consent';
import { formatBakeDay, type IsoDate, isIsoDate } from '~/shared/time/london-time';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { marketingConsents, products, profiles, savedBaskets, stockAlerts } from '../db/schema';
import { AppError, badRequest } from '../errors';
import type { Logger } from '../logger';
import type { MailService, MailShop } from '../mail/mail-service';
import type { UpkeepJob } from '../upkeep/upkeep';
import { backInStockEmail, basketReminderEmail } from './marketing-emails';
import { createUnsubscribeTokens, type UnsubscribeTarget } from './unsubscribe-token';

type DayState = 'open' | 'full' | 'gone';

export const UNSUBSCRIBE_INVALID =
  'This unsubscribe link is not valid: it may have been changed or cut short. Nothing was changed. Use the link in the e-mail exactly as it is, or change your choices on your account page.';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A basket line as the checkout's quote priced it. */
export interface PricedLine {
  name: string;
  quantity: number;
}

/** What an unsubscribe link is for, as its page describes it. */
export type UnsubscribeView =
  | { valid: false }
  | { valid: true; kind: 'marketing'; subscribed: boolean }
  | { valid: true; kind: 'stock'; productName: string; subscribed: boolean };

/**
 * Marketing consent and what the shop sends with it (decision 081): the append-only consent log,
 * the one reminder of a basket left by a signed-in customer, "tell me when it's back", and the
 * unsubscribe links every such e-mail carries.
 */
export function createMarketingService(deps: {
  config: Config;
  db: Db;
  mail: MailService;
  shop: (exec: Db | Tx) => Promise<MailShop>;
  secret: string;
  log: Logger;
  /** A limited product's coming day: can it be ordered ('open'), sold out ('full'), or past ('gone')? */
  dayState: (productId: string, date: IsoDate) => Promise<DayState>;
}) {
  const { config, db, mail, log } = deps;
  const tokens = createUnsubscribeTokens(deps.secret);
  const unsubscribeUrl = (target: UnsubscribeTarget) =>
    `${config.publicUrl}/unsubscribe/${tokens.make(target)}`;

  async function latest(exec: Db | Tx, profileId: string) {
    const [row] = await exec
      .select({ given: marketingConsents.given })
      .from(marketingConsents)
      .where(eq(marketingConsents.profileId, profileId))
      .orderBy(desc(marketingConsents.createdAt))
      .limit(1);
    return row?.given ?? false;
  }

  /**
   * Records a consent or a withdrawal with the words shown and where, when it changes the
   * customer's choice (asking twice is one record). The profile row is locked, so two changes at
   * once are one after the other and the newest row is always the choice now.
   */
  async function setConsent(
    profileId: string,
    given: boolean,
    source: ConsentSource,
    wording: string,
    exec?: Tx,
  ): Promise<{ changed: boolean }> {
    const run = async (tx: Tx) => {
      const [profile] = await tx
        .select({ id: profiles.id, deletedAt: profiles.deletedAt })
        .from(profiles)
        .where(eq(profiles.id, profileId))
        .for('update');
      if (!profile || profile.deletedAt) return { changed: false };
      if ((await latest(tx, profileId)) === given) return { changed: false };
      await tx.insert(marketingConsents).values({ profileId, given, source, wording });
      return { changed: true };
    };
    return exec ? run(exec) : db.transaction(run);
  }

  async function history(profileId: string): Promise<ConsentRecord[]> {
    const rows = await db
      .select()
      .from(marketingConsents)
      .where(eq(marketingConsents.profileId, profileId))
      .orderBy(desc(marketingConsents.createdAt));
    return rows.map((r) => ({
      given: r.given,
      wording: r.wording,
      source: r.source,
      at: r.createdAt.toISOString(),
    }));
  }

  /** Baskets left untouched for BASKET_REMINDER_HOURS by customers who consent now: one e-mail each. */
  async function remindBaskets(now: Date): Promise<number> {
    if (config.mail.orderEmailsOff.has('basket-reminder')) return 0;
    const cutoff = new Date(now.getTime() - BASKET_REMINDER_HOURS * 3600_000);
    const due = await db
      .select({
        profileId: savedBaskets.profileId,
        lines: savedBaskets.lines,
        updatedAt: savedBaskets.updatedAt,
        remindedAt: savedBaskets.remindedAt,
        email: profiles.email,
        fullName: profiles.fullName,
      })
      .from(savedBaskets)
      .innerJoin(profiles, eq(profiles.id, savedBaskets.profileId))
      .where(
        and(
          sql`${savedBaskets.updatedAt} <= ${cutoff.toISOString()}::timestamptz`,
          isNull(profiles.deletedAt),
          sql`${profiles.email} <> ''`,
          // Their choice now: the newest record of the consent log.
          sql`coalesce((select c.given from marketing_consents c where c.profile_id = ${savedBaskets.profileId}
                order by c.created_at desc limit 1), false)`,
          // Never once they ordered since leaving it.
          sql`not exists (select 1 from orders o where o.profile_id = ${savedBaskets.profileId}
                and o.paid_at >= ${savedBaskets.updatedAt})`,
          // Once per basket: reminded of before only if they have ordered since (a new basket).
          sql`(${savedBaskets.remindedAt} is null or exists (select 1 from orders o
                where o.profile_id = ${savedBaskets.profileId} and o.paid_at > ${savedBaskets.remindedAt}))`,
        ),
      )
      .limit(200);
    let sent = 0;
    for (const basket of due) {
      const done = await db.transaction(async (tx) => {
        // Claimed as it was read: another instance's pass, or a change since (newer than the
        // cut-off), wins. Compared by the cut-off, not the read time: PostgreSQL keeps microseconds.
        const [claimed] = await tx
          .update(savedBaskets)
          .set({ remindedAt: now })
          .where(
            and(
              eq(savedBaskets.profileId, basket.profileId),
              sql`${savedBaskets.updatedAt} <= ${cutoff.toISOString()}::timestamptz`,
              basket.remindedAt
                ? eq(savedBaskets.remindedAt, basket.remindedAt)
                : isNull(savedBaskets.remindedAt),
            ),
          )
          .returning({ profileId: savedBaskets.profileId });
        if (!claimed) return false;
        const email = basketReminderEmail(await deps.shop(tx), config.publicUrl, {
          profileId: basket.profileId,
          basketAt: basket.updatedAt,
          to: basket.email,
          firstName: basket.fullName.trim().split(/\s+/)[0] ?? '',
          lines: basket.lines,
          unsubscribeUrl: unsubscribeUrl({ kind: 'marketing', profileId: basket.profileId }),
        });
        await mail.enqueue(email, tx);
        return true;
      });
      if (done) sent++;
    }
    return sent;
  }

  /**
   * Requests for products, or a limited product's days, that can be ordered again: each e-mailed
   * once. A day that has passed its cut-off still sold out ends its requests without an e-mail.
   */
  async function tellBackInStock(): Promise<number> {
    if (config.mail.orderEmailsOff.has('back-in-stock')) return 0;
    const due = await db
      .select({
        id: stockAlerts.id,
        email: stockAlerts.email,
        productId: products.id,
        name: products.name,
        bakeDate: stockAlerts.bakeDate,
      })
      .from(stockAlerts)
      .innerJoin(products, eq(products.id, stockAlerts.productId))
      .where(
        and(
          isNull(stockAlerts.sentAt),
          isNull(stockAlerts.stoppedAt),
          eq(products.soldOut, false),
          eq(products.isActive, true),
        ),
      )
      .limit(500);
    const states = new Map<string, Promise<DayState>>();
    const stateOf = (productId: string, date: IsoDate) => {
      const key = `${productId} ${date}`;
      if (!states.has(key)) states.set(key, deps.dayState(productId, date));
      return states.get(key)!;
    };
    let sent = 0;
    for (const alert of due) {
      const state = alert.bakeDate ? await stateOf(alert.productId, alert.bakeDate) : 'open';
      if (state === 'full') continue;
      if (state === 'gone') {
        await db
          .update(stockAlerts)
          .set({ stoppedAt: sql`now()` })
          .where(
            and(eq(stockAlerts.id, alert.id), isNull(stockAlerts.sentAt), isNull(stockAlerts.stoppedAt)),
          );
        continue;
      }
      const done = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(stockAlerts)
          .set({ sentAt: sql`now()` })
          .where(and(eq(stockAlerts.id, alert.id), isNull(stockAlerts.sentAt), isNull(stockAlerts.stoppedAt)))
          .returning({ id: stockAlerts.id });
        if (!claimed) return false;
        const email = backInStockEmail(await deps.shop(tx), config.publicUrl, {
          alertId: alert.id,
          to: alert.email,
          productId: alert.productId,
          productName: alert.name,
          bakeDate: alert.bakeDate,
          unsubscribeUrl: unsubscribeUrl({ kind: 'stock', alertId: alert.id }),
        });
        await mail.enqueue(email, tx);
        return true;
      });
      if (done) sent++;
    }
    return sent;
  }

  async function runDue(now: Date = new Date()) {
    const counts = { reminders: await remindBaskets(now), backInStock: await tellBackInStock() };
    if (counts.reminders + counts.backInStock > 0) log.info(counts, 'marketing upkeep queued e-mails');
    return counts;
  }

  return {
    consentNow: (profileId: string) => latest(db, profileId),
    setConsent,
    history,

    /**
     * The basket a signed-in customer's browser just had priced (the cart or checkout asks for a
     * quote on each change): kept so a left basket can be known without the browser. Gift cards
     * are not kept (they name someone else). An empty basket is forgotten.
     */
    async recordBasket(profileId: string, lines: (PricedLine & { giftCard?: boolean })[]): Promise<void> {
      const kept = lines.filter((l) => !l.giftCard).map((l) => ({ name: l.name, quantity: l.quantity }));
      if (kept.length === 0) {
        await db.delete(savedBaskets).where(eq(savedBaskets.profileId, profileId));
        return;
      }
      await db
        .insert(savedBaskets)
        .values({ profileId, lines: kept })
        .onConflictDoUpdate({ target: savedBaskets.profileId, set: { lines: kept, updatedAt: sql`now()` } });
    },

    runDue,

    /** Its background upkeep: reminders and back-in-stock e-mails, every 5 minutes. */
    upkeepJobs(): UpkeepJob[] {
      return [{ name: 'marketing upkeep', everyMs: 5 * 60_000, run: runDue }];
    },

    /**
     * "Tell me when it's back" for a sold-out product, or for one sold-out day of a limited one
     * (`day`); asking again is asking once.
     */
    async askBackInStock(input: {
      productId: unknown;
      email: unknown;
      profileId: string | null;
      day?: unknown;
    }) {
      const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
      if (!EMAIL.test(email) || email.length > 255) throw badRequest('Please enter a valid e-mail address.');
      const productId = typeof input.productId === 'string' ? input.productId : '';
      const [product] = isUuid(productId)
        ? await db
            .select({
              id: products.id,
              name: products.name,
              soldOut: products.soldOut,
              active: products.isActive,
            })
            .from(products)
            .where(eq(products.id, productId))
        : [];
      if (!product?.active) throw new AppError(404, 'not_found', 'That product is not in the shop.');
      const day = typeof input.day === 'string' && input.day !== '' ? input.day : null;
      if (day !== null) {
        const state = isIsoDate(day) ? await deps.dayState(product.id, day) : 'gone';
        if (state === 'open')
          throw badRequest(`${product.name} can be ordered for ${formatBakeDay(day)} now: no need to wait.`);
        if (state === 'gone') throw badRequest(`That day can no longer be ordered for ${product.name}.`);
      } else if (!product.soldOut) throw badRequest(`${product.name} can be ordered now: no need to wait.`);
      await db
        .insert(stockAlerts)
        .values({ productId: product.id, email, profileId: input.profileId, bakeDate: day })
        .onConflictDoNothing();
      return { productName: product.name, email, day: day && formatBakeDay(day) };
    },

    /** What an unsubscribe link stops, and whether it is still on; invalid for a tampered link. */
    async describeUnsubscribe(token: string): Promise<UnsubscribeView> {
      const target = tokens.read(token);
      if (!target) return { valid: false };
      if (target.kind === 'marketing')
        return { valid: true, kind: 'marketing', subscribed: await latest(db, target.profileId) };
      if (!isUuid(target.alertId)) return { valid: false };
      const [alert] = await db
        .select({ name: products.name, sentAt: stockAlerts.sentAt, stoppedAt: stockAlerts.stoppedAt })
        .from(stockAlerts)
        .innerJoin(products, eq(products.id, stockAlerts.productId))
        .where(eq(stockAlerts.id, target.alertId));
      if (!alert) return { valid: false };
      return {
        valid: true,
        kind: 'stock',
        productName: alert.name,
        subscribed: !alert.sentAt && !alert.stoppedAt,
      };
    },

    /**
     * Unsubscribes at once, without signing in: from the page's button (`link`) or a mail
     * program's one-click POST (RFC 8058). A tampered link throws and changes nothing.
     */
    async unsubscribe(token: string, how: 'link' | 'one-click'): Promise<{ changed: boolean }> {
      const target = tokens.read(token);
      if (!target) throw badRequest(UNSUBSCRIBE_INVALID);
      if (target.kind === 'marketing') {
        return setConsent(
          target.profileId,
          false,
          'unsubscribe',
          how === 'link' ? CONSENT_WITHDRAW_LINK : CONSENT_WITHDRAW_ONE_CLICK,
        );
      }
      if (!isUuid(target.alertId)) throw badRequest(UNSUBSCRIBE_INVALID);
      const stopped = await db
        .update(stockAlerts)
        .set({ stoppedAt: sql`now()` })
        .where(and(eq(stockAlerts.id, target.alertId), isNull(stockAlerts.stoppedAt)))
        .returning({ id: stockAlerts.id });
      return { changed: stopped.length > 0 };
    },

    /** The account's part of "Download my data": its consent log and its back-in-stock requests. */
    async exportFor(profileId: string) {
      const alerts = await db
        .select({
          product: products.name,
          bakeDate: stockAlerts.bakeDate,
          email: stockAlerts.email,
          createdAt: stockAlerts.createdAt,
          sentAt: stockAlerts.sentAt,
          stoppedAt: stockAlerts.stoppedAt,
        })
        .from(stockAlerts)
        .innerJoin(products, eq(products.id, stockAlerts.productId))
        .where(eq(stockAlerts.profileId, profileId));
      const [basket] = await db.select().from(savedBaskets).where(eq(savedBaskets.profileId, profileId));
      return {
        marketing_consent: await history(profileId),
        back_in_stock_requests: alerts.map((a) => ({
          product: a.product,
          day: a.bakeDate,
          email: a.email,
          asked_at: a.createdAt.toISOString(),
          sent_at: a.sentAt?.toISOString() ?? null,
          stopped_at: a.stoppedAt?.toISOString() ?? null,
        })),
        saved_basket: basket
          ? {
              lines: basket.lines,
              updated_at: basket.updatedAt.toISOString(),
              reminded_at: basket.remindedAt?.toISOString() ?? null,
            }
          : null,
      };
    },

    /** In an account deletion's transaction: its basket and back-in-stock requests go; the consent log stays as proof. */
    async forget(tx: Tx, profileId: string): Promise<void> {
      await tx.delete(savedBaskets).where(eq(savedBaskets.profileId, profileId));
      await tx.delete(stockAlerts).where(eq(stockAlerts.profileId, profileId));
    },

    /** The demo customer's consent, as if they had ticked the box at sign-up. */
    async seedDemoConsent(email: string): Promise<void> {
      const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
      if (profile) await setConsent(profile.id, true, 'sign-up', CONSENT_OPT_IN);
    },

    /** For tests and the demo: the link a customer's marketing e-mails carry. */
    unsubscribeUrl,
  };
}

export type MarketingService = ReturnType<typeof createMarketingService>;
