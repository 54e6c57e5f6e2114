import type { PGlite, QueryOptions } from '@electric-sql/pglite';

/**
 * The types drizzle's PGlite driver asks for as text, for drizzle to map itself: TIMESTAMP,
 * TIMESTAMPTZ, INTERVAL, DATE and their arrays, numeric[] (drizzle-orm/pglite/session.js).
 */
const DRIZZLE_TEXT_TYPES = new Set(['1114', '1184', '1186', '1082', '1115', '1185', '1187', '1182', '1231']);

/**
 * drizzle passes those parsers with every query, and PGlite copies its ~320 parsers into a new
 * object to merge them: ~0.1 ms of a ~0.3 ms query. They are registered on the database once
 * instead (in its thread, pglite-worker.ts).
 */
export function registerDrizzleTextParsers(client: PGlite): void {
  const asText = (value: string) => value;
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
}

/**
 * A query's options as they cross to the database's thread: drizzle's own parsers dropped (they
 * are registered there). Any other parser is a function, which cannot cross threads: a newer
 * drizzle that sends one fails loudly here instead of getting values parsed the wrong way.
 */
export function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const other = Object.keys(parsers).filter((oid) => !DRIZZLE_TEXT_TYPES.has(oid));
  if (other.length > 0) {
    throw new Error(
      `The embedded database cannot apply parsers for type(s) ${other.join(', ')} from another thread`,
    );
  }
  const { parsers: _, ...rest } = options;
  return rest;
}
