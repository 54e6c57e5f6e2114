import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from '~/shared/schemas/admin';
import { addDays, isIsoDate, londonInstant } from '~/shared/time/london-time';
import { csvRow } from '../csv/csv';
import type { Db } from '../db/db-types';
import { newestFirst, type Page, pageOffset, toPage } from '../db/paging';
import { rawRows } from '../db/raw-rows';
import { activityLog } from '../db/schema';

/** One entry as the Activity page, an order's page and the CSV show it. */
export interface ActivityEntry {
  id: string;
  at: string;
  actor: { id: string; name: string; role: string };
  ip: string | null;
  kind: string;
  record: { type: string; id: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const isoDay = z.string().refine(isIsoDate, 'Use a date like 2026-12-01').optional().catch(undefined);

/** The Activity page's filters (person, kind, dates in London); a filter it cannot read is ignored. */
export const ActivityFilterSchema = z.object({
  person: z.string().trim().min(1).max(100).optional().catch(undefined),
  kind: z.string().trim().min(1).max(100).optional().catch(undefined),
  /** One record's entries, as "type:id" (a product's card links here). */
  record: z
    .string()
    .regex(/^[a-z_-]+:[\w.-]{1,100}$/)
    .optional()
    .catch(undefined),
  from: isoDay,
  to: isoDay,
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type ActivityFilter = z.infer<typeof ActivityFilterSchema>;

/** How far past a page the Activity page counts its entries (then it says "more"). */
export const COUNT_AHEAD = 10_000;

export const ACTIVITY_CSV_HEADER = [
  'When',
  'Who',
  'Role',
  'From',
  'What',
  'Record',
  'Record id',
  'Before',
  'After',
];

const toEntry = (r: typeof activityLog.$inferSelect): ActivityEntry => ({
  id: r.id,
  at: r.at.toISOString(),
  actor: { id: r.actorId, name: r.actorName, role: r.actorRole },
  ip: r.ip,
  kind: r.kind,
  record: { type: r.recordType, id: r.recordId },
  before: r.before ?? null,
  after: r.after ?? null,
});

/** Reading the log: it has no writes here (activity-log.ts appends; nothing changes or deletes). */
function recordIs(record: string): SQL | undefined {
  const at = record.indexOf(':');
  return and(eq(activityLog.recordType, record.slice(0, at)), eq(activityLog.recordId, record.slice(at + 1)));
}

export function createActivityReads(db: Db) {
  function where(filter: ActivityFilter): SQL | undefined {
    return and(
      filter.person ? eq(activityLog.actorId, filter.person) : undefined,
      filter.kind ? eq(activityLog.kind, filter.kind) : undefined,
      filter.record ? recordIs(filter.record) : undefined,
      filter.from ? gte(activityLog.at, londonInstant(filter.from, '00:00')) : undefined,
      filter.to ? lt(activityLog.at, londonInstant(addDays(filter.to, 1), '00:00')) : undefined,
    );
  }

  /**
   * How many entries match from this page on, counting at most COUNT_AHEAD of them: a log of a
   * million entries is not counted whole for every page (that alone took longer than the page may).
   */
  async function countFrom(filter: ActivityFilter): Promise<{ total: number; more: boolean }> {
    const offset = pageOffset(filter.page);
    const [row] = await rawRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from ${activityLog} where ${where(filter) ?? sql`true`}
        offset ${offset} limit ${COUNT_AHEAD + 1}) ahead`,
    );
    const ahead = Number(row?.n ?? 0);
    // Past the end the count from here is 0: say how many there are before it instead.
    if (ahead === 0 && offset > 0)
      return { total: await countFrom({ ...filter, page: 1 }).then((c) => c.total), more: false };
    return { total: offset + Math.min(ahead, COUNT_AHEAD), more: ahead > COUNT_AHEAD };
  }

  /**
   * The people who have acted and the kinds of entry, for the filters: one index probe per
   * distinct value (walking activity_log_actor_idx and activity_log_kind_idx from one value to the
   * next) rather than reading the whole log; each person under the name of their latest entry.
   */
  const people = () =>
    rawRows<{ id: string; name: string }>(
      db,
      sql`with recursive p as (
          select min(actor_id) as id from ${activityLog}
          union all
          select (select min(actor_id) from ${activityLog} where actor_id > p.id) from p where p.id is not null
        )
        select p.id, (select actor_name from ${activityLog} a where a.actor_id = p.id
          order by a.at desc nulls last limit 1) as name
        from p where p.id is not null order by name, id`,
    );
  const kinds = () =>
    rawRows<{ kind: string }>(
      db,
      sql`with recursive k as (
          select min(kind) as kind from ${activityLog}
          union all
          select (select min(kind) from ${activityLog} where kind > k.kind) from k where k.kind is not null
        )
        select kind from k where kind is not null order by kind`,
    );

  return {
    /**
     * A page of entries, newest first, with the filters' choices (who has acted, which kinds).
     * `more`: there are more than the total says past COUNT_AHEAD entries from this page on.
     */
    async list(
      input: unknown,
    ): Promise<
      Page<ActivityEntry> & { more: boolean; people: { id: string; name: string }[]; kinds: string[] }
    > {
      const filter = ActivityFilterSchema.parse(input ?? {});
      const [rows, counted, who, what] = await Promise.all([
        db
          .select()
          .from(activityLog)
          .where(where(filter))
          .orderBy(newestFirst(activityLog.at), activityLog.id)
          .limit(ADMIN_PAGE_SIZE)
          .offset(pageOffset(filter.page)),
        countFrom(filter),
        people(),
        kinds(),
      ]);
      return {
        ...toPage(rows.map(toEntry), filter.page, counted.total),
        more: counted.more,
        people: who,
        kinds: what.map((k) => k.kind),
      };
    },

    /** One record's entries (an order's or a product's page), newest first. */
    async forRecord(type: string, id: string): Promise<ActivityEntry[]> {
      const rows = await db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.recordType, type), eq(activityLog.recordId, id)))
        .orderBy(newestFirst(activityLog.at))
        .limit(200);
      return rows.map(toEntry);
    },

    /** The filtered entries as CSV rows, in batches (the filters of the page, every page). */
    async *csvRows(input: unknown): AsyncIterable<string[]> {
      const filter = ActivityFilterSchema.parse(input ?? {});
      for (let offset = 0; ; offset += 500) {
        const rows = await db
          .select()
          .from(activityLog)
          .where(where(filter))
          .orderBy(newestFirst(activityLog.at), activityLog.id)
          .limit(500)
          .offset(offset);
        yield rows.map((r) =>
          csvRow([
            r.at.toISOString(),
            r.actorName,
            r.actorRole,
            r.ip ?? '',
            r.kind,
            r.recordType,
            r.recordId,
            r.before ? JSON.stringify(r.before) : '',
            r.after ? JSON.stringify(r.after) : '',
          ]),
        );
        if (rows.length < 500) return;
      }
    },
  };
}

export type ActivityReads = ReturnType<typeof createActivityReads>;
