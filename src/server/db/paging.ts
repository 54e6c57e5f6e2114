import { type AnyColumn, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '~/shared/schemas/admin';

/** One page of an admin list, with what the page links need. */
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}

export const pageOffset = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;

export const toPage = <T>(items: T[], page: number, total: number): Page<T> => ({
  items,
  page,
  pageSize: ADMIN_PAGE_SIZE,
  total,
  pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
});

/**
 * `column desc nulls last`: the order the schema's `.desc()` indexes are built in (drizzle writes
 * them DESC NULLS LAST). A plain `desc` means NULLS FIRST in PostgreSQL, which cannot use those
 * indexes and sorts the whole table instead (100,000 orders: ~150 ms instead of ~1 ms).
 */
export const newestFirst = (column: AnyColumn) => sql`${column} desc nulls last`;
