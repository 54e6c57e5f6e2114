import { asc, eq, gte } from 'drizzle-orm';
import {
  type BakeDay,
  type BakeOverride,
  type BakeTemplate,
  choosableDays,
  DEFAULT_BAKE_TEMPLATE,
  listBakeDays,
} from '~/shared/bake-days/calendar';
import { addDays, type IsoDate, londonDate } from '~/shared/bake-days/london-time';
import { BakeOverrideSchema, BakeTemplateSchema, IsoDateSchema } from '~/shared/bake-days/schemas';
import type { Db, Tx } from '../db/client';
import { bakeDayOverrides, bakeDayTemplate } from '../db/schema';
import { notFound, parseOrThrow } from '../errors';
import { bookedCookiesByDate } from './booked-cookies';

export interface BakeCalendar {
  template: BakeTemplate;
  /** Overrides from today on, by date. */
  overrides: BakeOverride[];
  /** Today through the horizon. */
  days: BakeDay[];
}

/**
 * The owner's bake-day calendar. Everything is read from the database on each call (a few small
 * rows), so a change made on one instance holds on every instance at once.
 */
export function createBakeDaysService(db: Db, clock: () => Date = () => new Date()) {
  async function getTemplate(exec: Db | Tx = db): Promise<BakeTemplate> {
    const [row] = await exec.select().from(bakeDayTemplate).where(eq(bakeDayTemplate.id, 1));
    if (!row) return DEFAULT_BAKE_TEMPLATE;
    return {
      deliveryWeekdays: row.deliveryWeekdays,
      cutoffTime: row.cutoffTime,
      cutoffDaysBefore: row.cutoffDaysBefore,
      horizonDays: row.horizonDays,
      capacityCookies: row.capacityCookies,
    };
  }

  async function listOverrides(from: IsoDate, exec: Db | Tx = db): Promise<BakeOverride[]> {
    const rows = await exec
      .select()
      .from(bakeDayOverrides)
      .where(gte(bakeDayOverrides.date, from))
      .orderBy(asc(bakeDayOverrides.date));
    return rows.map((r) => ({
      date: r.date,
      closed: r.closed,
      capacityCookies: r.capacityCookies,
      note: r.note,
    }));
  }

  async function calendar(options: { cookies?: number; exec?: Db | Tx } = {}): Promise<BakeCalendar> {
    const exec = options.exec ?? db;
    const now = clock();
    const today = londonDate(now);
    const [template, overrides] = await Promise.all([getTemplate(exec), listOverrides(today, exec)]);
    const last = addDays(today, template.horizonDays);
    const booked = await bookedCookiesByDate(exec, today, last);
    const days = listBakeDays({ template, overrides, booked, now, cookies: options.cookies });
    return { template, overrides, days };
  }

  return {
    getTemplate,
    listOverrides,
    calendar,

    /** The days shown at checkout for an order of `cookies` cookies. */
    async choices(cookies: number): Promise<BakeDay[]> {
      return choosableDays((await calendar({ cookies })).days);
    },

    async saveTemplate(input: unknown): Promise<BakeTemplate> {
      const t = parseOrThrow(BakeTemplateSchema, input);
      await db
        .insert(bakeDayTemplate)
        .values({ id: 1, ...t })
        .onConflictDoUpdate({ target: bakeDayTemplate.id, set: { ...t, updatedAt: new Date() } });
      return getTemplate();
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
      await db
        .insert(bakeDayOverrides)
        .values(values)
        .onConflictDoUpdate({ target: bakeDayOverrides.date, set: { ...values, updatedAt: new Date() } });
      return values;
    },

    async removeOverride(date: unknown): Promise<void> {
      const d = parseOrThrow(IsoDateSchema, date);
      const removed = await db
        .delete(bakeDayOverrides)
        .where(eq(bakeDayOverrides.date, d))
        .returning({ date: bakeDayOverrides.date });
      if (removed.length === 0) throw notFound('That date has no override');
    },
  };
}

export type BakeDaysService = ReturnType<typeof createBakeDaysService>;
