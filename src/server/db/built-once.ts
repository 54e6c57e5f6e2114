import { is, Param, Placeholder, type SQL } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './db-types';

/** What drizzle's prepared query keeps of a built statement (the same on PGlite's driver and `pg`'s). */
interface BuiltStatement {
  getQuery(): { sql: string; params: unknown[] };
  isResponseInArrayMode(): boolean;
  fields?: unknown;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
  queryMetadata?: unknown;
  cacheConfig?: unknown;
}

interface Session {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string,
    isResponseInArrayMode: boolean,
    customResultMapper: unknown,
    queryMetadata: unknown,
    cacheConfig: unknown,
  ): BuiltStatement;
}

type Prepared = PgPreparedQuery<PreparedQueryConfig>;

/**
 * A value given for a column's placeholder is encoded by the column when the statement runs, but
 * drizzle encodes no null (building a statement, it sends null as it is): without this, a null
 * for a JSON column would be stored as JSON's `null` and a null time would fail.
 */
function nullsAsNull(params: unknown[]): void {
  for (const p of params) {
    if (!is(p, Param) || !is(p.value, Placeholder)) continue;
    const column = p.encoder;
    (p as { encoder: typeof column }).encoder = {
      mapToDriverValue: (value: unknown) => (value === null ? null : column.mapToDriverValue(value)),
    } as typeof column;
  }
}

/**
 * A statement of fixed shape (its values are `sql.placeholder`s) that drizzle builds once for the
 * process — its SQL text, where each value goes, how its rows map — and that runs on whichever
 * handle asks: the pool, or any transaction. drizzle's own `.prepare(name)` binds the statement
 * to the one handle it was built on, so a statement inside a transaction was built again every
 * time (decision 023); here only the cheap binding to the handle's connection is made per handle
 * (once per connection on PostgreSQL, where `pg` parses and plans the named statement once per
 * connection too). `name` must be unique in the shop: PostgreSQL refuses a second text under it.
 */
export function builtOnce<P extends Prepared>(
  name: string,
  build: (exec: Db | Tx) => { prepare(name: string): P },
): (exec: Db | Tx, values?: Record<string, unknown>) => ReturnType<P['execute']> {
  let built: BuiltStatement | null = null;
  const bound = new WeakMap<object, P>();
  return (exec, values) => {
    const session = (exec as unknown as { session: Session }).session;
    let statement = bound.get(session);
    if (!statement) {
      if (!built) {
        built = build(exec).prepare(name) as unknown as BuiltStatement;
        nullsAsNull(built.getQuery().params);
        statement = built as unknown as P;
      } else {
        const b: BuiltStatement = built;
        const rebound = session.prepareQuery(
          b.getQuery(),
          b.fields,
          name,
          b.isResponseInArrayMode(),
          b.customResultMapper,
          b.queryMetadata,
          b.cacheConfig,
        );
        rebound.joinsNotNullableMap = b.joinsNotNullableMap;
        statement = rebound as unknown as P;
      }
      bound.set(session, statement);
    }
    return statement.execute(values) as ReturnType<P['execute']>;
  };
}

/**
 * `builtOnce` for a statement written as SQL (several writes in one, `with ... as (...)`), run
 * for its effect: built once, its values `sql.placeholder`s.
 */
export function sqlBuiltOnce(
  name: string,
  build: (exec: Db | Tx) => SQL,
): (exec: Db | Tx, values?: Record<string, unknown>) => Promise<unknown> {
  return builtOnce(name, (exec) => {
    const { session, dialect } = exec as unknown as {
      session: Session;
      dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
    };
    return {
      prepare: (as: string) =>
        session.prepareQuery(
          dialect.sqlToQuery(build(exec)),
          undefined,
          as,
          false,
          undefined,
          undefined,
          undefined,
        ) as unknown as Prepared,
    };
  });
}
