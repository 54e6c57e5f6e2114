import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { isUuid } from '~/shared/ids';
import { type Actor, SYSTEM } from '~/shared/orders/actor';
import { addDays, type IsoDate, isIsoDate, londonDate, weekdayOf } from '~/shared/time/london-time';
import {
  notDeliveredMessage,
  STANDING_MESSAGES,
  STANDING_ORDER_LEAD_DAYS,
  type StandingOrderStatus,
  type StandingRunStatus,
} from '~/shared/trade/standing-orders';
import type { TradeTotals } from '~/shared/trade/trade';
import { recordActivity } from '../activity/activity-log';
import type { BakeDaysService } from '../bake-days/bake-days-service';
import type { Db, Tx } from '../db/client';
import {
  orders,
  products,
  profiles,
  standingOrderRuns,
  standingOrders,
  tradeAccounts,
  tradeOrders as tradeOrdersTable,
} from '../db/schema';
import { AppError, badRequest, notFound } from '../errors';
import type { OutgoingEmail } from '../mail/outgoing-email';
import type { OrdersService } from '../orders/orders-service';
import type { UpkeepJob } from '../upkeep/upkeep';
import { standingOrderNotMadeEmail } from './standing-order-email';
import type { TradeAccount, TradeAccountsService } from './trade-accounts-service';
import type { TradeOrdersService } from './trade-orders-service';

export type StandingOrderRow = typeof standingOrders.$inferSelect;

export interface StandingOrdersDeps {
  db: Db;
  trade: TradeAccountsService;
  tradeOrders: TradeOrdersService;
  orders: OrdersService;
  bakeDays: BakeDaysService;
  enqueue: (email: OutgoingEmail, tx: Tx) => Promise<void>;
  shop: () => { name: string; email: string };
  publicUrl: string;
  /** How often the sweep runs on each instance (`STANDING_ORDERS_SWEEP_MS`). */
  sweepMs?: number;
  clock?: () => Date;
}

/** How many weeks of coming days a standing order shows (to skip, or to see made). */
const WEEKS_SHOWN = 4;
const DAY_MS = 86_400_000;

/** One coming (or just gone) day of a standing order, as its pages show it. */
export interface StandingDay {
  date: IsoDate;
  cutoffAt: string;
  status: StandingRunStatus | 'due';
  orderId: string | null;
  reason: string | null;
  /** The made order as it is now: its status, total and quantities (changeable until the cut-off). */
  order: { status: string; totalPennies: number; quantities: Record<string, number> } | null;
}

export interface StandingOrderView {
  id: string;
  weekdays: number[];
  status: StandingOrderStatus;
  lines: { productId: string; name: string; quantity: number; onList: boolean }[];
  days: StandingDay[];
}

/**
 * Standing orders (decision 089): the same cookies on the same weekdays for one trade account,
 * made by the sweep into real orders on account through the trade orders' one placing function,
 * `STANDING_ORDER_LEAD_DAYS` before each day's cut-off. A day is made once: its run row is unique
 * on (standing order, date), so a second sweep running at the same moment waits for the first's
 * row and then finds it. A day that cannot be made leaves no order, only the run with its reason.
 */
export function createStandingOrdersService(deps: StandingOrdersDeps) {
  const { db, trade, tradeOrders, bakeDays } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** The account of whoever asks: the customer's own approved one, or any (the owner's). */
  async function accountOf(who: Who, exec: Db | Tx = db): Promise<TradeAccount> {
    const [account] = await exec
      .select()
      .from(tradeAccounts)
      .where(
        'profileId' in who ? eq(tradeAccounts.profileId, who.profileId) : eq(tradeAccounts.id, who.accountId),
      );
    if (account?.status !== 'approved')
      throw badRequest('Only an approved trade account has standing orders.');
    return account;
  }

  async function lockOwn(tx: Tx, who: Who, id: string): Promise<StandingOrderRow> {
    if (!isUuid(id)) throw notFound(STANDING_MESSAGES.notFound);
    const account = await accountOf(who, tx);
    const [row] = await tx
      .select()
      .from(standingOrders)
      .where(and(eq(standingOrders.id, id), eq(standingOrders.accountId, account.id)))
      .for('update');
    if (!row) throw notFound(STANDING_MESSAGES.notFound);
    return row;
  }

  /** The account's delivery days: its zone's days with their cut-offs, from today on. */
  async function calendarOf(exec: Db | Tx, account: TradeAccount) {
    const zone = await tradeOrders.zoneFor(exec, account);
    return bakeDays.calendar({ exec, zone, fulfilment: 'delivery' });
  }

  /** Weekdays and quantities checked: at least one weekday, each one the zone delivers on; the list's rules. */
  async function checked(exec: Db | Tx, account: TradeAccount, input: unknown) {
    const raw = (input as { weekdays?: unknown } | null)?.weekdays;
    const list = (
      Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === '' ? [] : [raw]
    ).map((d) => Number(d));
    if (list.length === 0 || list.some((d) => !Number.isInteger(d) || d < 0 || d > 6))
      throw badRequest(STANDING_MESSAGES.weekdays, { weekdays: STANDING_MESSAGES.weekdays });
    const weekdays = [...new Set(list)].sort();
    const delivered = (await calendarOf(exec, account)).template.deliveryWeekdays;
    const off = weekdays.find((d) => !delivered.includes(d));
    if (off !== undefined) {
      const message = notDeliveredMessage(off, delivered);
      throw badRequest(message, { weekdays: message });
    }
    const offer = await trade.offerFor(account.profileId, exec);
    if (!offer) throw badRequest('Only an approved trade account has standing orders.');
    const priced: TradeTotals = tradeOrders.priceLines(offer.offer, input);
    return {
      weekdays,
      lines: priced.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      priced,
    };
  }

  const summary = (row: Pick<StandingOrderRow, 'weekdays' | 'lines' | 'status'>) => ({
    weekdays: row.weekdays,
    lines: row.lines,
    status: row.status,
  });

  /** The coming days of each standing order: made, skipped, not made (why), or still to make. */
  async function viewsOf(account: TradeAccount): Promise<StandingOrderView[]> {
    const rows = await db
      .select()
      .from(standingOrders)
      .where(eq(standingOrders.accountId, account.id))
      .orderBy(asc(standingOrders.createdAt));
    if (rows.length === 0) return [];
    const today = londonDate(clock());
    const runs = await db
      .select()
      .from(standingOrderRuns)
      .where(
        and(
          inArray(
            standingOrderRuns.standingOrderId,
            rows.map((r) => r.id),
          ),
          gte(standingOrderRuns.date, addDays(today, -7)),
        ),
      )
      .orderBy(asc(standingOrderRuns.date));
    const cal = await calendarOf(db, account);
    const offer = (await trade.offerFor(account.profileId))?.offer ?? [];
    const ids = [...new Set(rows.flatMap((r) => r.lines.map((l) => l.productId)))];
    const names = new Map(
      (ids.length
        ? await db
            .select({ id: products.id, name: products.name })
            .from(products)
            .where(inArray(products.id, ids))
        : []
      ).map((p) => [p.id, p.name]),
    );
    const onList = new Set(offer.map((o) => o.productId));
    const madeIds = runs.flatMap((r) => (r.orderId ? [r.orderId] : []));
    const made = new Map(
      (madeIds.length
        ? await db
            .select({
              id: orders.id,
              status: orders.status,
              totalPennies: tradeOrdersTable.totalPennies,
              lines: tradeOrdersTable.lines,
            })
            .from(orders)
            .innerJoin(tradeOrdersTable, eq(tradeOrdersTable.orderId, orders.id))
            .where(inArray(orders.id, madeIds))
        : []
      ).map((o) => [
        o.id,
        {
          status: o.status,
          totalPennies: o.totalPennies,
          quantities: Object.fromEntries(o.lines.map((l) => [l.productId, l.quantity])),
        },
      ]),
    );
    const orderOf = (id: string | null | undefined) => (id ? (made.get(id) ?? null) : null);
    const last = addDays(today, WEEKS_SHOWN * 7);
    return rows.map((row) => {
      const mine = runs.filter((r) => r.standingOrderId === row.id);
      const coming: StandingDay[] = cal.days
        .filter(
          (d) => d.date <= last && row.weekdays.includes(weekdayOf(d.date)) && d.state !== 'no_delivery',
        )
        .map((d) => {
          const run = mine.find((r) => r.date === d.date);
          return {
            date: d.date,
            cutoffAt: d.cutoffAt,
            status: run?.status ?? 'due',
            orderId: run?.orderId ?? null,
            reason: run?.reason ?? null,
            order: orderOf(run?.orderId),
          };
        });
      // Days made or refused that the calendar no longer lists (gone, or closed since) still show.
      const shown = new Set(coming.map((d) => d.date));
      const gone: StandingDay[] = mine
        .filter((r) => !shown.has(r.date as IsoDate))
        .map((r) => ({
          date: r.date as IsoDate,
          cutoffAt: '',
          status: r.status,
          orderId: r.orderId,
          reason: r.reason,
          order: orderOf(r.orderId),
        }));
      return {
        id: row.id,
        weekdays: row.weekdays,
        status: row.status,
        lines: row.lines.map((l) => ({
          productId: l.productId,
          name: names.get(l.productId) ?? 'A cookie no longer sold',
          quantity: l.quantity,
          onList: onList.has(l.productId),
        })),
        days: [...gone, ...coming].sort((a, b) => a.date.localeCompare(b.date)),
      };
    });
  }

  /**
   * Makes one standing order's day, once: the run row first (unique on the day: a second sweep
   * waits for this one's row, then does nothing), then the order on account through the trade
   * orders' placing function inside a savepoint. A refusal (day closed or full, credit limit,
   * overdue invoice, a cookie off the list) rolls the order back to the savepoint and keeps only
   * the run with its reason, and the café and the shop are told.
   */
  async function makeDay(
    so: StandingOrderRow,
    account: TradeAccount,
    date: IsoDate,
  ): Promise<StandingRunStatus | null> {
    return db.transaction(async (tx) => {
      const [run] = await tx
        .insert(standingOrderRuns)
        .values({ standingOrderId: so.id, date, status: 'made' })
        .onConflictDoNothing()
        .returning({ id: standingOrderRuns.id });
      if (!run) return null;
      // Read again under the run's row: paused or changed since the sweep listed it.
      const [now] = await tx.select().from(standingOrders).where(eq(standingOrders.id, so.id));
      if (now?.status !== 'active') {
        await tx.delete(standingOrderRuns).where(eq(standingOrderRuns.id, run.id));
        return null;
      }
      let reason: string | null = null;
      try {
        const offer = (await trade.offerFor(account.profileId, tx))?.offer ?? [];
        const gone = now.lines.find((l) => !offer.some((o) => o.productId === l.productId));
        if (gone) {
          const [p] = await tx
            .select({ name: products.name })
            .from(products)
            .where(eq(products.id, gone.productId));
          throw badRequest(`${p?.name ?? 'A cookie'} is no longer on your price list.`);
        }
        const quantities = Object.fromEntries(now.lines.map((l) => [l.productId, l.quantity]));
        const placed = await tx.transaction((sp) =>
          tradeOrders.placeIn(sp, { accountId: account.id }, { quantities, deliveryDate: date }, SYSTEM),
        );
        await tx
          .update(standingOrderRuns)
          .set({ orderId: placed.orderId })
          .where(eq(standingOrderRuns.id, run.id));
        return 'made' as const;
      } catch (err) {
        if (!(err instanceof AppError) || err.status !== 400) throw err;
        reason = err.message;
      }
      await tx
        .update(standingOrderRuns)
        .set({ status: 'not_made', reason })
        .where(eq(standingOrderRuns.id, run.id));
      const shop = deps.shop();
      const [profile] = await tx
        .select({ email: profiles.email })
        .from(profiles)
        .where(eq(profiles.id, account.profileId));
      const to = profile?.email ?? '';
      for (const [address, link] of [
        [to, `${deps.publicUrl}/trade/standing`],
        [shop.email, `${deps.publicUrl}/admin/trade/${account.id}`],
      ] as const) {
        if (!address) continue;
        await deps.enqueue(
          standingOrderNotMadeEmail(shop.name, {
            to: address,
            runId: run.id,
            businessName: account.businessName,
            date,
            reason,
            link,
          }),
          tx,
        );
      }
      return 'not_made' as const;
    });
  }

  /** The sweep: every active standing order's days whose cut-off is less than the lead away. */
  async function runDue(): Promise<{ made: number; notMade: number }> {
    const now = clock().getTime();
    const rows = await db
      .select({ so: standingOrders, account: tradeAccounts })
      .from(standingOrders)
      .innerJoin(tradeAccounts, eq(tradeAccounts.id, standingOrders.accountId))
      .where(and(eq(standingOrders.status, 'active'), eq(tradeAccounts.status, 'approved')));
    let made = 0;
    let notMade = 0;
    const calendars = new Map<string, Awaited<ReturnType<typeof calendarOf>>>();
    for (const { so, account } of rows) {
      let cal = calendars.get(account.id);
      if (!cal) {
        try {
          cal = await calendarOf(db, account);
        } catch {
          continue; // a postcode no zone serves: its days say why on the pages
        }
        calendars.set(account.id, cal);
      }
      for (const day of cal.days) {
        if (!so.weekdays.includes(weekdayOf(day.date))) continue;
        const cutoff = new Date(day.cutoffAt).getTime();
        if (cutoff <= now || cutoff - now > STANDING_ORDER_LEAD_DAYS * DAY_MS) continue;
        const result = await makeDay(so, account, day.date);
        if (result === 'made') made++;
        if (result === 'not_made') notMade++;
      }
    }
    return { made, notMade };
  }

  /**
   * The date asked for, under the standing order's lock: one it delivers on, before its day's
   * cut-off (`past` says why not, otherwise).
   */
  async function openDayOf(tx: Tx, who: Who, id: string, rawDate: unknown, past: string): Promise<IsoDate> {
    const date = typeof rawDate === 'string' && isIsoDate(rawDate) ? rawDate : null;
    const row = await lockOwn(tx, who, id);
    const account = await accountOf(who, tx);
    if (!date || !row.weekdays.includes(weekdayOf(date)))
      throw badRequest(STANDING_MESSAGES.skipDate, { date: STANDING_MESSAGES.skipDate });
    const day = (await calendarOf(tx, account)).days.find((d) => d.date === date);
    if (!day || new Date(day.cutoffAt).getTime() <= clock().getTime()) throw badRequest(past);
    return date;
  }

  /** Records an owner's change (written only in a back-office request, docs/rules/activity-log.md). */
  const logged = (tx: Tx, kind: string, id: string, before: object | null, after: object | null) =>
    recordActivity(tx, { kind, record: ['standing_order', id], before, after });

  return {
    runDue,

    /** The sweep, run by the shop's upkeep at start (catch-up after downtime) and every `sweepMs`. */
    upkeepJobs(): UpkeepJob[] {
      return [{ name: 'standing orders sweep', everyMs: deps.sweepMs ?? 15 * 60_000, run: runDue }];
    },

    /** The customer's (or, by account id, the owner's) standing orders and what they need to set one. */
    async page(who: Who) {
      const account = await accountOf(who);
      const [cal, offer, standing] = await Promise.all([
        calendarOf(db, account).catch(() => null),
        trade.offerFor(account.profileId),
        viewsOf(account),
      ]);
      return {
        account,
        offer: offer?.offer ?? [],
        deliveryWeekdays: cal?.template.deliveryWeekdays ?? [],
        standing,
      };
    },

    /** Sets up a standing order, or (with `id`) changes one: weekdays and quantities, checked first. */
    async save(who: Who, input: unknown, actor: Actor) {
      void actor;
      const id = (input as { id?: unknown } | null)?.id;
      return db.transaction(async (tx) => {
        const account = await accountOf(who, tx);
        const wanted = await checked(tx, account, input);
        if (typeof id === 'string' && id !== '') {
          const row = await lockOwn(tx, who, id);
          await tx
            .update(standingOrders)
            .set({ weekdays: wanted.weekdays, lines: wanted.lines, updatedAt: new Date() })
            .where(eq(standingOrders.id, row.id));
          await logged(tx, 'trade.standing-order-changed', row.id, summary(row), {
            ...summary(row),
            weekdays: wanted.weekdays,
            lines: wanted.lines,
          });
          return { id: row.id };
        }
        const [row] = await tx
          .insert(standingOrders)
          .values({ accountId: account.id, weekdays: wanted.weekdays, lines: wanted.lines })
          .returning();
        await logged(tx, 'trade.standing-order-created', row!.id, null, summary(row!));
        return { id: row!.id };
      });
    },

    /** Pauses (no day is made until resumed) or resumes a standing order. */
    async setStatus(who: Who, id: string, status: StandingOrderStatus) {
      if (status !== 'active' && status !== 'paused') throw badRequest('Please choose pause or resume.');
      await db.transaction(async (tx) => {
        const row = await lockOwn(tx, who, id);
        if (row.status === status) return;
        await tx
          .update(standingOrders)
          .set({ status, updatedAt: new Date() })
          .where(eq(standingOrders.id, id));
        await logged(
          tx,
          status === 'paused' ? 'trade.standing-order-paused' : 'trade.standing-order-resumed',
          id,
          { status: row.status },
          { status },
        );
      });
    },

    /**
     * Skips one day: before its order is made, the day is kept as skipped (the sweep finds it and
     * makes nothing); once made, its order is cancelled, until the day's cut-off.
     */
    async skip(who: Who, id: string, rawDate: unknown, actor: Actor) {
      const made = await db.transaction(async (tx) => {
        const date = await openDayOf(tx, who, id, rawDate, STANDING_MESSAGES.skipPast);
        const [run] = await tx
          .select()
          .from(standingOrderRuns)
          .where(and(eq(standingOrderRuns.standingOrderId, id), eq(standingOrderRuns.date, date)))
          .for('update');
        if (run?.status === 'skipped') throw badRequest(STANDING_MESSAGES.alreadySkipped);
        if (run)
          await tx
            .update(standingOrderRuns)
            .set({ status: 'skipped', reason: null })
            .where(eq(standingOrderRuns.id, run.id));
        else await tx.insert(standingOrderRuns).values({ standingOrderId: id, date, status: 'skipped' });
        await logged(
          tx,
          'trade.standing-order-skipped',
          id,
          { date, status: run?.status ?? 'due' },
          { date, status: 'skipped' },
        );
        return run?.status === 'made' ? run.orderId : null;
      });
      if (made) {
        const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, made));
        if (o && o.status !== 'cancelled')
          await deps.orders.setStatus(made, 'cancelled', actor, 'Standing order: day skipped');
      }
    },

    /**
     * Takes a skip back, until the day's cut-off: its skipped run is removed, so the sweep makes
     * the day as any other (at once when it is already due: a cancelled order is not revived, a
     * new one is placed, priced and checked as on any day).
     */
    async unskip(who: Who, id: string, rawDate: unknown) {
      await db.transaction(async (tx) => {
        const date = await openDayOf(tx, who, id, rawDate, STANDING_MESSAGES.unskipPast);
        const [gone] = await tx
          .delete(standingOrderRuns)
          .where(
            and(
              eq(standingOrderRuns.standingOrderId, id),
              eq(standingOrderRuns.date, date),
              eq(standingOrderRuns.status, 'skipped'),
            ),
          )
          .returning();
        if (!gone) throw badRequest(STANDING_MESSAGES.notSkipped);
        await logged(
          tx,
          'trade.standing-order-unskipped',
          id,
          { date, status: 'skipped' },
          { date, status: 'due' },
        );
      });
      await runDue();
    },
  };
}

type Who = { profileId: string } | { accountId: string };

export type StandingOrdersService = ReturnType<typeof createStandingOrdersService>;
