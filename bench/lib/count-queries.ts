import pg from 'pg';
import { PGliteWorkerClient } from '../../src/server/db/pglite-worker-client';

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

  // The embedded database's client on this thread (its statements run on their own thread).
  const proto = PGliteWorkerClient.prototype as unknown as Record<
    string,
    (...a: unknown[]) => Promise<unknown>
  >;
  const query = proto.query!;
  proto.query = function (this: unknown, ...args: unknown[]) {
    note(args[0]);
    return query.apply(this, args);
  };
  const transaction = proto.transaction!;
  proto.transaction = function (this: unknown, run: unknown) {
    note('BEGIN');
    return transaction.call(this, async (tx: Record<string, (...a: unknown[]) => unknown>) => {
      const counted = new Proxy(tx, {
        get(target, key) {
          const value = Reflect.get(target, key);
          if (key !== 'query') return value;
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
