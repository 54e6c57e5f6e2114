import { AppError } from '../errors';

/** Password hashes at once, and how many may wait, before a sign-in is told to come back later. */
export const HASHING = { concurrency: 2, queue: 16 } as const;

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

/**
 * Password hashing (scrypt) is deliberately slow and runs on this process's CPU: 50 sign-ins at
 * once starved every other request. The gate lets a few run at once, queues a few more, and
 * refuses the rest at once; a queued request whose client went away is dropped unhashed.
 */
export function createHashingGate(limits: { concurrency: number; queue: number } = HASHING) {
  let running = 0;
  const waiting: (() => void)[] = [];

  return {
    async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (running < limits.concurrency) running++;
      else {
        if (waiting.length >= limits.queue) throw hashingBusy();
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
    /** Hashes running and waiting now (for tests and logs). */
    load: () => ({ running, waiting: waiting.length }),
  };
}

export type HashingGate = ReturnType<typeof createHashingGate>;
