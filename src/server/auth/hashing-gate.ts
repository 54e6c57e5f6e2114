import { availableParallelism } from 'node:os';
import { AppError } from '../errors';

/**
 * Password hashes at once, and how many may wait, before a sign-in is told to come back later.
 * Hashes run on libuv's threads, but each takes a whole core while it runs: one core is always
 * left to the event loops, so cached pages keep flowing during a sign-in flood (on 2 cores, with 2
 * hashes at once, cached /shop answered in seconds). With several server processes on the machine
 * (WEB_CONCURRENCY) the cores are shared, so each process takes its share (at least one).
 */
export function hashingLimits(processes = 1, cores = availableParallelism()) {
  return { concurrency: Math.min(4, Math.max(1, Math.floor((cores - 1) / processes))), queue: 16 };
}

export const HASHING = hashingLimits();

/** A full queue: 503 with Retry-After (errorResponse adds it), so the rest of the shop stays quick. */
export const hashingBusy = () =>
  new AppError(503, 'busy', 'We are very busy right now. Please try again in a moment.');

/** The client hung up while waiting: nobody is left to answer, so the hash is not worked out. */
export class ClientGoneError extends Error {
  constructor() {
    super('The client went away before its password was checked');
    this.name = 'ClientGoneError';
  }
}

/** A place in the gate held for a request from its start, so it is not refused after it read the database. */
export interface HashingPlace {
  /** Gives the place back if no hash took it (the request was refused before hashing). */
  release(): void;
}

/**
 * Password hashing (scrypt) is deliberately slow and runs on this process's CPU: 50 sign-ins at
 * once starved every other request. The gate lets a few run at once, queues a few more, and
 * refuses the rest at once; a queued request whose client went away is dropped unhashed.
 *
 * A request that will hash (a sign-in) takes its place when it arrives (`reserve`), before any
 * parsing or database work: in a flood the overflow is then refused for next to nothing. Had it
 * been refused only at the hash, every refusal would first have looked the user up, and while
 * slots freed up many requests at once would pass a "not full" check and do just that.
 */
export function createHashingGate(initial: { concurrency: number; queue: number } = HASHING) {
  let limits = initial;
  let running = 0;
  let reserved = 0;
  const waiting: (() => void)[] = [];
  const taken = () => running + waiting.length + reserved;

  return {
    /** This process is one of `processes` on the machine (serve() says so once, at start). */
    shareWith(processes: number) {
      limits = hashingLimits(processes);
    },
    /** Holds a place for a hash this request will run; a 503 (hashingBusy) at once when full. */
    reserve(): HashingPlace & { take(): boolean } {
      if (taken() >= limits.concurrency + limits.queue) throw hashingBusy();
      reserved++;
      let held = true;
      const give = () => {
        if (!held) return false;
        held = false;
        reserved--;
        return true;
      };
      return { release: give, take: give };
    },
    /** Runs one hash: in a reserved place if `place` still holds one, else in any free place. */
    async run<T>(work: () => Promise<T>, signal?: AbortSignal, place?: { take(): boolean }): Promise<T> {
      const placed = place?.take() ?? false;
      if (running < limits.concurrency) running++;
      else {
        if (!placed && taken() >= limits.concurrency + limits.queue) throw hashingBusy();
        // The finishing task hands its slot straight to us (running stays the same).
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        if (signal?.aborted) throw new ClientGoneError();
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    /** Hashes running, waiting and places held now (for tests and logs). */
    load: () => ({ running, waiting: waiting.length, reserved }),
  };
}

export type HashingGate = ReturnType<typeof createHashingGate>;
