import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Counts the statements this process sends to the database (PGlite or PostgreSQL), BEGIN and
 * COMMIT included, by wrapping the drivers' query functions. For benchmarks only: install once,
 * then `take()` returns the statements sent since the last call.
 */
export function countQueries() {
  let seen: string[] = [];
  const note = (text: unknown) => {
    seen.push(typeof text === 'string' ? text : String((text as { text?: string })?.text ?? text));
  };

  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    note(args[0]);
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;

  const proto = PGlite.prototype as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  for (const name of ['query', 'exec'] as const) {
    const original = proto[name]!;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      note(args[0]);
      return original.apply(this, args);
    };
  }
  const transaction = proto.transaction!;
  proto.transaction = function (this: unknown, run: unknown) {
    note('BEGIN');
    return transaction.call(this, async (tx: Record<string, (...a: unknown[]) => unknown>) => {
      const counted = new Proxy(tx, {
        get(target, key) {
          const value = Reflect.get(target, key);
          if (key !== 'query' && key !== 'exec') return value;
          return (...args: unknown[]) => {
            note(args[0]);
            return (value as (...a: unknown[]) => unknown)(...args);
          };
        },
      });
      const result = await (run as (t: unknown) => Promise<unknown>)(counted);
      note('COMMIT');
      return result;
    });
  };

  return {
    take(): string[] {
      const taken = seen;
      seen = [];
      return taken;
    },
  };
}
