import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { withoutDrizzleParsers } from './pglite-parsers';

/** What the database's thread is started with. */
export interface WorkerStart {
  dataDir: string;
  /** Where to write the time spent on each statement when closed (pglite-timings.ts); unset = not measured. */
  timingsDir?: string;
}

/** An error as it crosses threads: its message and its own fields (PostgreSQL's code, constraint, ...). */
interface ErrorFields {
  name?: string;
  message: string;
  code?: unknown;
  [field: string]: unknown;
}

/** What the client asks the database's thread; every request is answered once, by its id. */
export type WorkerRequest =
  | { op: 'query'; id: number; text: string; params?: unknown[]; options?: QueryOptions; tx?: number }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'close'; id: number };

/** The answer to request `id`; id 0 says the database is open (or why it is not). */
export type WorkerReply = { id: number; value: unknown } | { id: number; error: ErrorFields };

/** The part of a PGlite transaction drizzle uses. */
export interface WorkerTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/**
 * The embedded database (PGlite) on a thread of its own, behind the two calls drizzle's PGlite
 * driver makes: `query` and `transaction`. The database's work (parsing, planning, executing,
 * turning rows into values) leaves the thread that serves HTTP and renders pages
 * (docs/decisions/022). Each call is forwarded in order and runs there under PGlite's own locks,
 * so the behaviour is PGlite's: a query waits while a transaction is open; errors keep
 * PostgreSQL's fields (`code`, `constraint`, `detail`, ...).
 */
export class PGliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  #lastId = 0;
  /** Why no call can be answered any more (closed, or the thread died); null while running. */
  #stopped: string | null = null;
  readonly #lostListeners: ((reason: string) => void)[] = [];

  /** Calls handed to the database's thread and not answered yet (running or queued there). */
  get pendingCalls(): number {
    return this.#pending.size;
  }

  /** Starts the database's thread on `dataDir` and resolves once the database is open. */
  static async open(dataDir: string, timingsDir?: string): Promise<PGliteWorkerClient> {
    const client = new PGliteWorkerClient({ dataDir, timingsDir });
    try {
      await new Promise((resolve, reject) => client.#pending.set(0, { resolve, reject }));
    } catch (err) {
      await client.#worker.terminate();
      throw err;
    }
    return client;
  }

  private constructor(start: WorkerStart) {
    const { module, eval: isSource } = workerModule();
    this.#worker = new Worker(module, { eval: isSource, workerData: start });
    this.#worker.on('message', (reply: WorkerReply) => this.#settle(reply));
    this.#worker.on('error', (err) => this.#stop(`The embedded database stopped: ${err.message}`));
    this.#worker.on('exit', (code) =>
      this.#stop(`The embedded database stopped (its thread exited with code ${code})`),
    );
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query(text, params, options);
  }

  /**
   * Runs `run` in one transaction: BEGIN, its statements, then COMMIT, or ROLLBACK when it throws
   * (which is then rethrown). Other queries wait until it ends, as on PGlite itself.
   */
  async transaction<T>(run: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const tx = ++this.#lastId;
    await this.#call({ op: 'begin', id: tx });
    let open = true;
    const inside: WorkerTransaction = {
      query: async (text, params, options) => {
        if (!open) throw new Error('Transaction is closed');
        return this.#query(text, params, options, tx);
      },
    };
    let result: T;
    try {
      result = await run(inside);
    } catch (err) {
      open = false;
      // The caller's error says what went wrong; a failed ROLLBACK (a dead thread) would only hide it.
      await this.#call({ op: 'end', id: ++this.#lastId, tx, commit: false }).catch(() => {});
      throw err;
    }
    open = false;
    await this.#call({ op: 'end', id: ++this.#lastId, tx, commit: true });
    return result;
  }

  /** Calls `listener` if the thread ends without close() (a crash): nothing can be answered after it. */
  onLost(listener: (reason: string) => void) {
    this.#lostListeners.push(listener);
  }

  /** Closes the database (everything written to its folder) and ends its thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    const exited = new Promise((resolve) => this.#worker.once('exit', resolve));
    await this.#call({ op: 'close', id: ++this.#lastId });
    this.#stop('The embedded database is closed', false);
    this.#worker.ref(); // until the thread has ended
    await exited;
  }

  async #query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number) {
    const request: WorkerRequest = {
      op: 'query',
      id: ++this.#lastId,
      text,
      params,
      options: withoutDrizzleParsers(options),
      tx,
    };
    return (await this.#call(request)) as Results<T>;
  }

  #call(request: WorkerRequest): Promise<unknown> {
    if (this.#stopped) return Promise.reject(new Error(this.#stopped));
    return new Promise((resolve, reject) => {
      this.#worker.postMessage(request);
      // Waiting for an answer keeps the process alive; an idle database thread does not.
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(request.id, { resolve, reject });
    });
  }

  #settle(reply: WorkerReply) {
    const call = this.#pending.get(reply.id);
    if (!call) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if ('error' in reply) call.reject(toError(reply.error));
    else call.resolve(reply.value);
  }

  /** No more answers will come: every call waiting for one fails now, and every later call at once. */
  #stop(reason: string, lost = true) {
    if (this.#stopped) return;
    this.#stopped = reason;
    for (const call of this.#pending.values()) call.reject(new Error(reason));
    this.#pending.clear();
    this.#worker.unref();
    if (lost) for (const listener of this.#lostListeners) listener(reason);
  }
}

function toError({ name, message, ...fields }: ErrorFields): Error {
  const err = Object.assign(new Error(message), fields);
  if (name) err.name = name;
  return err;
}

/**
 * The database thread's module: compiled beside this one in the built server
 * (scripts/lib/bundle-server.ts). Run from the TypeScript sources (tests, benchmarks, scripts),
 * the thread first registers tsx, as the main thread did (Node 20 ignores `--import` for workers).
 */
function workerModule(): { module: URL | string; eval: boolean } {
  const compiled = new URL('./pglite-worker.js', import.meta.url);
  if (existsSync(compiled)) return { module: compiled, eval: false };
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  return {
    module: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    eval: true,
  };
}
