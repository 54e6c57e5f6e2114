/**
 * The embedded database's own thread: it owns PGlite and answers the requests of
 * `pglite-worker-client.ts` (docs/decisions/022). Each request runs on PGlite exactly as a call
 * on the main thread did, so PGlite's own locks still decide the order: a query waits while a
 * transaction is open, and a transaction's statements run between its BEGIN and its COMMIT or
 * ROLLBACK with nothing else in between.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { registerDrizzleTextParsers } from './pglite-parsers';
import { type StatementTimings, statementTimings } from './pglite-timings';
import type { WorkerReply, WorkerRequest, WorkerStart } from './pglite-worker-client';

/**
 * PostgreSQL's default 128 MB of shared buffers lives in PGlite's memory and costs ~115 MB of RSS
 * once touched; a bakery's database is a few MB and the files are in the OS cache anyway.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** Thrown into PGlite's transaction callback to make PGlite roll the transaction back. */
class RollBack extends Error {}

const port = parentPort!;
const { dataDir, timingsDir } = workerData as WorkerStart;
/** Transactions whose BEGIN has run, by the id of the request that began them. */
const open = new Map<number, { tx: Transaction; end(commit: boolean): Promise<void> }>();

function send(reply: WorkerReply) {
  try {
    port.postMessage(reply);
  } catch {
    // A value that cannot be copied to another thread (only an error's extras can be): say what failed.
    const error = 'error' in reply ? reply.error : { message: 'a result could not be sent between threads' };
    port.postMessage({ id: reply.id, error: { name: error.name, message: error.message, code: error.code } });
  }
}

/** An error as plain fields: PostgreSQL's (code, constraint, detail, ...) survive the copy. */
function fieldsOf(err: unknown): Extract<WorkerReply, { error: unknown }>['error'] {
  if (!(err instanceof Error)) return { message: String(err) };
  // PGlite adds the query's options (drizzle's parsers: functions) to its errors.
  const { queryOptions: _, ...own } = err as Error & Record<string, unknown>;
  return { ...own, name: err.name, message: err.message };
}

function answer(id: number, run: () => Promise<unknown>) {
  run().then(
    (value) => send({ id, value }),
    (err: unknown) => send({ id, error: fieldsOf(err) }),
  );
}

function begin(db: PGlite, id: number) {
  let began = false;
  const finished = db.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        began = true;
        open.set(id, {
          tx,
          end: async (commit) => {
            open.delete(id);
            if (commit) resolve();
            else reject(new RollBack());
            // PGlite answers once COMMIT (which may fail) or ROLLBACK has run.
            await finished.catch((err: unknown) => {
              if (!(err instanceof RollBack)) throw err;
            });
          },
        });
        send({ id, value: null });
      }),
  );
  finished.catch((err: unknown) => {
    if (!began) send({ id, error: fieldsOf(err) });
  });
}

function serve(db: PGlite, timings: StatementTimings | null) {
  port.on('message', (request: WorkerRequest) => {
    switch (request.op) {
      case 'query': {
        const { id, text, params, options, tx } = request;
        answer(id, async () => {
          const target = tx === undefined ? db : open.get(tx)?.tx;
          if (!target) throw new Error('Transaction is closed');
          const run = () => target.query(text, params, options);
          const { rows, fields, affectedRows } = await (timings ? timings.measure(text, run) : run());
          return { rows, fields, affectedRows };
        });
        break;
      }
      case 'begin':
        begin(db, request.id);
        break;
      case 'end':
        answer(request.id, async () => {
          const transaction = open.get(request.tx);
          if (!transaction) throw new Error('Transaction is closed');
          await transaction.end(request.commit);
        });
        break;
      case 'close':
        // Closing the port ends this thread once PGlite has written everything down.
        db.close().then(
          () => {
            timings?.write();
            send({ id: request.id, value: null });
            port.close();
          },
          (err: unknown) => send({ id: request.id, error: fieldsOf(err) }),
        );
        break;
    }
  });
}

try {
  const db = await PGlite.create(dataDir, { startParams: START_PARAMS });
  registerDrizzleTextParsers(db);
  serve(db, statementTimings(db, timingsDir));
  send({ id: 0, value: 'ready' });
} catch (err) {
  send({ id: 0, error: fieldsOf(err) });
  port.close();
}
