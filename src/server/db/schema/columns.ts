import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, customType, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers every owner's tables share. */

/**
 * `column in (...)` built from the TypeScript list the code uses, so a CHECK constraint allows
 * exactly the values the code knows and a new status cannot be forgotten in the database. Written
 * as the first migrations spelled them (text joined by ',', numbers by ', '), so the generated SQL
 * is the same and no migration is needed for the change.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[] | readonly number[]): SQL {
  const list = values.every((v) => typeof v === 'number')
    ? values.join(', ')
    : values.map((v) => `'${String(v).replaceAll("'", "''")}'`).join(',');
  return sql`${column} in (${sql.raw(list)})`;
}

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Binary data (photos). PGlite gives a Uint8Array and node-postgres a Buffer (also a Uint8Array). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
