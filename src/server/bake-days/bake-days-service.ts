import { asc, eq, gte, type Placeholder, sql } from 'drizzle-orm';
import {
  type BakeDay,
  type BakeOverride,
  type BakeTemplate,
  type ClosedDates,
  choosableDays,
  closedDatesOf,
  cutoffFor,
  DEFAULT_BAKE_TEMPLATE,
  describeDay,
  listBakeDays,
  MALFORMED_DAY_MESSAGE,
  refusalFor,
} from '~/shared/bake-days/calendar';
import { BakeOverrideSchema, BakeTemplateSchema, IsoDateSchema } from '~/shared/bake-days/schemas';
import { dateRefusal, type LimitedLine, limitRefusal, transitFor } from '~/shared/limited/limited';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { SlotRules } from '~/shared/settings/collection-slots';
import { addDays, daysBetween, type IsoDate, isIsoDate, londonDate } from '~/shared/time/london-time';
import { recordActivity } from '../activity/activity-log';
import { builtOnce } from '../db/built-once';
import type { Db, Tx } from '../db/client';
import { bakeDayOverrides, bakeDayTemplate, orders } from '../db/schema';
import { badRequest, notFound, parseOrThrow } from '../errors';
import { bookedCookiesByDateJson, bookedCookiesOn, bookedOnDay } from '../orders/booked-cookies';
import { freeSlotsByDate } from '../orders/collection-slots';

/** Any fixed number: the first key of the per-day advisory lock (the second is the day's number). */
const DAY_LOCK = 7_274_013;
const noDayMessage = (fulfilment: Fulfilment) =>
  `Sorry, no ${fulfilment} day has room for this order. Please contact us to arrange it.`;

/**
 * A delivery zone's own days: its weekdays replace the template's delivery weekdays,
 * its cut-off (when set) the template's, and its cap limits its orders per day. The oven's
 * capacity stays shared by every zone.
 */
export interface ZoneDays {
  id: string;
  name: string;
  weekdays: number[];
  cutoffTime: string | null;
  cutoffDaysBefore: number | null;
  dailyOrderCap: number | null;
  /** 'post': the day is a dispatch day, delivered `transitDays` later (a limited product's dates). */
  method?: string;
  transitDays?: string | null;
}

/** The template as one zone's deliveries read it. */
export function zoneTemplate(template: BakeTemplate, zone: ZoneDays | null | undefined): BakeTemplate {
  if (!zone) return template;
  return {
    ...template,
    deliveryWeekdays: zone.weekdays,
    capacityOpensDays: false,
    cutoffTime: zone.cutoffTime ?? template.cutoffTime,
    cutoffDaysBefore: zone.cutoffDaysBefore ?? template.cutoffDaysBefore,
  };
}

/** Orders a zone holds for one date: all but cancelled ones (counted under the day's lock). */
async function zoneOrdersOn(exec: Db | Tx, zoneId: string, date: IsoDate): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(orders)
    .where(
      sql`${orders.deliveryZoneId} = ${zoneId} and ${orders.deliveryDate} = ${date} and ${orders.status} <> 'cancelled'`,
    );
  return row?.n ?? 0;
}

export const zoneFullMessage = (zone: { name: string }) =>
  `Sorry, ${zone.name} has no more room that day. Please choose another day.`;

export interface BakeCalendar {
  template: BakeTemplate;
  /** Overrides from today on, by date. */
  overrides: BakeOverride[];
  /** Today through the horizon. */
  days: BakeDay[];
}

type TemplateRow = typeof bakeDayTemplate.$inferSelect;
type OverrideRow = typeof bakeDayOverrides.$inferSelect;

const templateOf = (row: TemplateRow | null | undefined): BakeTemplate =>
  row
    ? {
        deliveryWeekdays: row.deliveryWeekdays,
        collectionWeekdays: row.collectionWeekdays ?? row.deliveryWeekdays,
        workingWeekdays: row.workingWeekdays ?? DEFAULT_BAKE_TEMPLATE.workingWeekdays,
        cutoffTime: row.cutoffTime,
        cutoffDaysBefore: row.cutoffDaysBefore,
        horizonDays: row.horizonDays,
        capacityCookies: row.capacityCookies,
      }
    : DEFAULT_BAKE_TEMPLATE;

const overrideOf = (row: OverrideRow | null | undefined): BakeOverride | null =>
  row ? { date: row.date, closed: row.closed, capacityCookies: row.capacityCookies, note: row.note } : null;

/** The weekly template as saved, or the defaults before the owner has saved one. */
export async function getTemplate(exec: Db | Tx): Promise<BakeTemplate> {
  const [row] = await exec.select().from(bakeDayTemplate).where(eq(bakeDayTemplate.id, 1));
  return templateOf(row);
}

/**
 * One date's rules (the template and the date's override, if any) and, when asked, the cookies
 * already booked for it: one statement.
 */
async function dayFacts(exec: Db | Tx, date: IsoDate, withBooked: boolean) {
  const values = { date, lookback: addDays(date, -CUTOFF_LOOKBACK_DAYS) };
  const [row] = withBooked ? await factsWithBooked(exec, values) : await factsAlone(exec, values);
  return {
    template: templateOf(row?.template),
    override: overrideOf(row?.override),
    booked: row?.booked ?? 0,
    closed: new Set(row?.closed ?? []) as ClosedDates,
  };
}

const selectFacts = (exec: Db | Tx, withBooked: boolean) => {
  const date = sql.placeholder('date');
  return exec
    .select({
      template: bakeDayTemplate,
      override: bakeDayOverrides,
      booked: withBooked ? bookedCookiesOn(date) : sql<number>`0`.mapWith(Number),
      closed: sql<IsoDate[]>`(select coalesce(json_agg(o.date::text), '[]'::json) from ${bakeDayOverrides} o
    where o.closed and o.date < ${date}::date and o.date >= ${sql.placeholder('lookback')}::date)`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(bakeDayTemplate, eq(bakeDayTemplate.id, 1))
    .leftJoin(bakeDayOverrides, eq(bakeDayOverrides.date, date as unknown as string));
};
// Every payment (its day's check) and every checkout naming a day read them: built once.
const factsWithBooked = builtOnce('bake_day_facts_booked', (exec) => selectFacts(exec, true));
const factsAlone = builtOnce('bake_day_facts', (exec) => selectFacts(exec, false));

/** How far before a day its cut-off may be looked for: the longest cut-off plus a long closure. */
const CUTOFF_LOOKBACK_DAYS = 70;

/** `from` and `today` as values, or as the prepared statement's placeholders. */
type DateParam = IsoDate | Placeholder;

/**
 * The template, every override from `from` on (by date) and the cookies booked on each day from
 * `today` to the template's horizon: one statement (checkout draws its calendar from it on every
 * visit).
 */
const selectRules = (exec: Db | Tx, from: DateParam, today: DateParam) => {
  const horizon = sql`${today}::date + coalesce(${bakeDayTemplate.horizonDays}, ${DEFAULT_BAKE_TEMPLATE.horizonDays})`;
  return exec
    .select({
      template: bakeDayTemplate,
      overrides: sql<BakeOverride[]>`(select coalesce(json_agg(json_build_object(
        'date', o.date, 'closed', o.closed, 'capacityCookies', o.capacity_cookies, 'note', o.note
      ) order by o.date), '[]'::json) from ${bakeDayOverrides} o where o.date >= ${from}::date)`,
      booked: bookedCookiesByDateJson(today, horizon),
    })
    .from(sql`(select 1) as one`)
    .leftJoin(bakeDayTemplate, eq(bakeDayTemplate.id, 1));
};

/**
 * Checkout's calendar asks it on every visit, and every checkout in its transaction: built once
 * and, on PostgreSQL, parsed and planned once per connection (a named statement, as the session
 * look-up, decision 025). Planning its subqueries cost more than running them.
 */
const rulesStatement = builtOnce('bake_day_rules', (exec) =>
  selectRules(exec, sql.placeholder('from'), sql.placeholder('today')),
);

async function rulesFrom(exec: Db | Tx, from: IsoDate, today: IsoDate) {
  const [row] = await rulesStatement(exec, { from, today });
  return {
    template: templateOf(row?.template),
    overrides: row?.overrides ?? [],
    booked: row?.booked ?? {},
  };
}

/**
 * For a payment that has just been recorded, what is wrong with its day now. Over capacity: the
 * day's orders (this one included) exceed its capacity, or the payment came after the day's
 * cut-off. Closed: since the order was placed, the owner closed the day or stopped delivering
 * (or collecting) on its weekday. Money taken is kept; the owner sees the order flagged.
 */
export async function dayAtPayment(
  exec: Db | Tx,
  date: IsoDate,
  fulfilment: Fulfilment,
  paidAt: Date,
  /** The zone the order was placed in: its weekdays and cut-off, as checkout judged the day. */
  zone: ZoneDays | null = null,
): Promise<{ overCapacity: boolean; closed: boolean }> {
  const facts = await dayFacts(exec, date, true);
  const { override, booked, closed: closedDates } = facts;
  const template = fulfilment === 'delivery' ? zoneTemplate(facts.template, zone) : facts.template;
  const capacity = override?.capacityCookies ?? template.capacityCookies;
  // Only whether the day still takes this kind of order: its room is judged just above.
  const { state } = describeDay(date, { template, override, now: paidAt, fulfilment });
  return {
    overCapacity: booked > capacity || paidAt.getTime() >= cutoffFor(date, template, closedDates).getTime(),
    closed: state === 'closed' || state === 'no_delivery',
  };
}

/**
 * The owner's bake-day calendar. Everything is read from the database on each call (a few small
 * rows), so a change made on one instance holds on every instance at once.
 */
export function createBakeDaysService(db: Db, clock: () => Date = () => new Date()) {
  async function listOverrides(from: IsoDate, exec: Db | Tx = db): Promise<BakeOverride[]> {
    const rows = await exec
      .select()
      .from(bakeDayOverrides)
      .where(gte(bakeDayOverrides.date, from))
      .orderBy(asc(bakeDayOverrides.date));
    return rows.map((r) => overrideOf(r)!);
  }

  async function calendar(
    options: { cookies?: number; exec?: Db | Tx; fulfilment?: Fulfilment; zone?: ZoneDays | null } = {},
  ): Promise<BakeCalendar> {
    const exec = options.exec ?? db;
    const now = clock();
    const today = londonDate(now);
    // Earlier closed dates too: a cut-off moves back over them (decision 034).
    const rules = await rulesFrom(exec, addDays(today, -CUTOFF_LOOKBACK_DAYS), today);
    const { overrides: all, booked } = rules;
    const template =
      options.fulfilment === 'collection' ? rules.template : zoneTemplate(rules.template, options.zone);
    const { cookies, fulfilment } = options;
    const days = listBakeDays({ template, overrides: all, booked, now, cookies, fulfilment });
    return { template, overrides: all.filter((o) => o.date >= today), days };
  }

  /**
   * Takes the day's lock (held until the transaction ends), then says why it cannot take the order,
   * if it cannot. Only the bookings must be counted under the lock; the template and the day's
   * override, which the lock does not guard, may have been read just before it in the same
   * transaction.
   */
  async function lockAndCheck(
    tx: Tx,
    date: IsoDate,
    cookies: number,
    fulfilment: Fulfilment,
    rules: { template: BakeTemplate; override: BakeOverride | null; closed: ClosedDates },
    limited: readonly LimitedLine[] = [],
    zone: ZoneDays | null = null,
  ): Promise<string | null> {
    // A limited product's delivery dates and lead time need no lock (decision 043).
    const today = londonDate(clock());
    for (const l of limited) {
      const refusal = dateRefusal(l, date, today, transitFor(zone));
      if (refusal) return refusal;
    }
    await tx.execute(
      sql`select pg_advisory_xact_lock(${DAY_LOCK}::int, ${daysBetween('2000-01-01', date)}::int)`,
    );
    // A zone's cap is counted under the same day lock, in the same transaction (every checkout
    // for the date waits on it), so two checkouts can never both take its last drop.
    if (zone?.dailyOrderCap != null && fulfilment === 'delivery') {
      if ((await zoneOrdersOn(tx, zone.id, date)) >= zone.dailyOrderCap) return zoneFullMessage(zone);
    }
    // The day's cookies and each limited product's units, counted in one statement under the one lock.
    const counted = limited.filter((l) => l.dailyLimit !== null);
    const booked = await bookedOnDay(
      tx,
      date,
      counted.map((l) => l.productId),
    );
    const day = describeDay(date, { ...rules, booked: booked.cookies, now: clock(), cookies, fulfilment });
    const refusal = refusalFor(day, rules.template, fulfilment);
    if (refusal) return refusal;
    for (const l of counted) {
      const over = limitRefusal(l, date, booked.units[l.productId] ?? 0);
      if (over) return over;
    }
    return null;
  }

  /** A checkout that names no day (the documented payload has none: docs/rules/bake-days-and-capacity.md) gets the first open day with room. */
  async function reserveFirstOpenDay(
    tx: Tx,
    cookies: number,
    fulfilment: Fulfilment,
    limited: readonly LimitedLine[],
    zone: ZoneDays | null,
    slotFree: ((date: IsoDate) => Promise<boolean>) | undefined,
  ): Promise<IsoDate> {
    const { template, overrides, days } = await calendar({ cookies, exec: tx, fulfilment, zone });
    const today = londonDate(clock());
    for (const day of days) {
      if (day.state !== 'open' || limited.some((l) => dateRefusal(l, day.date, today, transitFor(zone))))
        continue;
      const override = overrides.find((o) => o.date === day.date) ?? null;
      const rules = { template, override, closed: closedDatesOf(overrides) };
      // A collection day whose every time slot is taken (decision 084) is passed over, locked.
      if (
        (await lockAndCheck(tx, day.date, cookies, fulfilment, rules, limited, zone)) === null &&
        (!slotFree || (await slotFree(day.date)))
      )
        return day.date;
    }
    throw badRequest(noDayMessage(fulfilment), { delivery_date: noDayMessage(fulfilment) });
  }

  return {
    getTemplate: (exec: Db | Tx = db) => getTemplate(exec),
    listOverrides,
    calendar,

    /**
     * Checks and holds a delivery day for an order of `cookies` cookies, inside the transaction
     * that writes the pending order. The day's lock makes a second checkout for the same day wait
     * until this one commits (or rolls back), then count this order too: two customers can never
     * both take the last place (deliveries and collections share it). Refusals are 400s with the
     * reason the customer reads.
     */
    async reserveDay(
      tx: Tx,
      input: unknown,
      cookies: number,
      fulfilment: Fulfilment = 'delivery',
      limited: readonly LimitedLine[] = [],
      zone: ZoneDays | null = null,
      /** Collection time slots (decision 084): whether a day still has one, when none is named. */
      slotFree?: (date: IsoDate) => Promise<boolean>,
    ): Promise<IsoDate> {
      const z = fulfilment === 'delivery' ? zone : null;
      if (input === undefined || input === null)
        return reserveFirstOpenDay(tx, cookies, fulfilment, limited, z, slotFree);
      if (!isIsoDate(input))
        throw badRequest(MALFORMED_DAY_MESSAGE, { delivery_date: MALFORMED_DAY_MESSAGE });
      const facts = await dayFacts(tx, input, false);
      const rules = { ...facts, template: zoneTemplate(facts.template, z) };
      const refusal = await lockAndCheck(tx, input, cookies, fulfilment, rules, limited, z);
      if (refusal) throw badRequest(refusal, { delivery_date: refusal });
      return input;
    },

    /**
     * Holds a quoted made-to-order job's day (decision 088) for its cookies, inside the
     * transaction that writes its order: the same lock and checks as checkout's `reserveDay`
     * (closed days, cut-off, capacity), except the booking horizon, since the owner quoted that
     * date. Refusals are 400s with the reason the customer reads.
     */
    async reserveQuotedDay(tx: Tx, date: IsoDate, cookies: number, fulfilment: Fulfilment): Promise<IsoDate> {
      const facts = await dayFacts(tx, date, false);
      const template = {
        ...facts.template,
        horizonDays: Math.max(facts.template.horizonDays, daysBetween(londonDate(clock()), date)),
      };
      const refusal = await lockAndCheck(tx, date, cookies, fulfilment, { ...facts, template });
      if (refusal) throw badRequest(refusal, { delivery_date: refusal });
      return date;
    },

    /**
     * Each collection day's time slots that still have room (decision 084), for checkout: a full
     * slot is left out, a day with none left has an empty list.
     */
    freeSlots: (rules: SlotRules, dates: readonly IsoDate[]) => freeSlotsByDate(db, rules, dates),

    /** The days shown at checkout for an order of `cookies` cookies, delivered or collected. */
    async choices(
      cookies: number,
      fulfilment: Fulfilment = 'delivery',
      zone: ZoneDays | null = null,
    ): Promise<BakeDay[]> {
      return choosableDays((await calendar({ cookies, fulfilment, zone })).days);
    },

    async saveTemplate(input: unknown): Promise<BakeTemplate> {
      const t = parseOrThrow(BakeTemplateSchema, input);
      await db.transaction(async (tx) => {
        await recordActivity(tx, {
          kind: 'bake-days.template',
          record: ['bake_template', '1'],
          before: await getTemplate(tx),
          after: t,
        });
        await tx
          .insert(bakeDayTemplate)
          .values({ id: 1, ...t })
          .onConflictDoUpdate({ target: bakeDayTemplate.id, set: { ...t, updatedAt: new Date() } });
      });
      return getTemplate(db);
    },

    /** Closes a date (with an optional note) or gives it another capacity; replaces any earlier override. */
    async setOverride(input: unknown): Promise<BakeOverride> {
      const o = parseOrThrow(BakeOverrideSchema, input);
      const values = {
        date: o.date,
        closed: o.closed,
        capacityCookies: o.closed ? null : o.capacityCookies,
        note: o.note,
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(bakeDayOverrides)
          .values(values)
          .onConflictDoUpdate({ target: bakeDayOverrides.date, set: { ...values, updatedAt: new Date() } });
        await recordActivity(tx, { kind: 'bake-days.override', record: ['bake_day', o.date], after: values });
      });
      return values;
    },

    async removeOverride(date: unknown): Promise<void> {
      const d = parseOrThrow(IsoDateSchema, date);
      await db.transaction(async (tx) => {
        const removed = await tx.delete(bakeDayOverrides).where(eq(bakeDayOverrides.date, d)).returning();
        if (removed.length === 0) throw notFound('That date has no override');
        await recordActivity(tx, {
          kind: 'bake-days.override-removed',
          record: ['bake_day', d],
          before: removed[0],
        });
      });
    },
  };
}

export type BakeDaysService = ReturnType<typeof createBakeDaysService>;
