import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, nextTestIp } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { ACCOUNT_SIGN_IN_LIMIT } from './account-sign-in-limit';
import { BUSY_HOLD_MS, hashingGate } from './auth';
import { ClientGoneError, createHashingGate, HASHING, hashingLimits } from './hashing-gate';

// A flood of sign-ins is about what hashing costs: the real scrypt, every time (src/test/setup.ts).
vi.unmock('better-auth/crypto');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'true' } });
});
afterAll(() => t.close());

/** A sign-in from a new address each time, as a guesser spread over many machines would. */
const signIn = (email: string, password: string) =>
  t.app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.origin, 'x-forwarded-for': nextTestIp() },
    body: JSON.stringify({ email, password }),
  });

describe('sign-in failures per account', () => {
  it('are limited across addresses, with the same answer as a wrong password', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const wrong = await signIn(user.email, 'wrong-password');
    expect(wrong.status).toBe(401);
    const wrongBody = await wrong.json();
    for (let i = 1; i < ACCOUNT_SIGN_IN_LIMIT.max; i++) {
      expect((await signIn(user.email, `wrong-${i}`)).status).toBe(401);
    }
    // Over the limit: even the right password gets the wrong-password answer.
    const blocked = await signIn(user.email, user.password);
    expect(blocked.status).toBe(401);
    expect(await blocked.json()).toEqual(wrongBody);
    // Another account is not affected.
    expect((await signIn(other.email, other.password)).status).toBe(200);
  });

  it('start again after a successful sign-in', async () => {
    const user = await createUser(t);
    for (let i = 0; i < ACCOUNT_SIGN_IN_LIMIT.max - 1; i++) await signIn(user.email, `wrong-${i}`);
    expect((await signIn(user.email, user.password)).status).toBe(200);
    // Had the count gone on, these two would be over the limit.
    expect((await signIn(user.email, 'wrong-again')).status).toBe(401);
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });
});

describe('password hashing under a flood of sign-ins', () => {
  it('answers the overflow 503 with Retry-After, never 500', async () => {
    const user = await createUser(t);
    // Unknown accounts are hashed too (so they take as long as known ones).
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(`nobody-${i}@example.com`, 'wrong-password')),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
    const busy = answers.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const r of busy) {
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await r.json()).error.code).toBe('busy');
    }
    // Afterwards sign-in works as ever.
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });
});

describe('a sign-in while the hashing queue is full', () => {
  it('is told to wait (after a hold) before better-auth reads it or the database, and sign-in works once there is room', async () => {
    const user = await createUser(t);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = Array.from({ length: HASHING.concurrency + HASHING.queue }, () =>
      hashingGate.run(() => held),
    );
    expect(() => hashingGate.reserve()).toThrow(expect.objectContaining({ status: 503 }));
    const betterAuth = vi.spyOn(t.services.auth, 'handler');

    const started = performance.now();
    const refused = await signIn(user.email, user.password);
    // Held a moment first, so a pool of flooding connections cannot keep the server busy refusing.
    expect(performance.now() - started).toBeGreaterThanOrEqual(BUSY_HOLD_MS - 5);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused.json()).error.code).toBe('busy');
    expect(betterAuth).not.toHaveBeenCalled();

    release();
    await Promise.all(holders);
    expect((await signIn(user.email, user.password)).status).toBe(200);
    expect(betterAuth).toHaveBeenCalledOnce();
    betterAuth.mockRestore();
  });
});

describe('the hashing gate', () => {
  const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve('done'), 50));

  it('leaves a core to the pages however many server processes share the machine (at least one hash each)', () => {
    const atOnce = (processes: number, cores: number) =>
      processes * hashingLimits(processes, cores).concurrency;
    expect(atOnce(1, 2)).toBe(1);
    expect(atOnce(1, 4)).toBe(3);
    expect(atOnce(2, 4)).toBe(2);
    expect(atOnce(3, 8)).toBe(6);
    expect(atOnce(4, 4)).toBe(4);
    expect(atOnce(1, 32)).toBe(4);
  });

  it('takes its share once serve() says how many processes there are', async () => {
    const gate = createHashingGate({ concurrency: 4, queue: 16 });
    gate.shareWith(64);
    const both = Promise.all([gate.run(slow), gate.run(slow)]);
    expect(gate.load()).toEqual({ running: 1, waiting: 1, reserved: 0 });
    expect(await both).toEqual(['done', 'done']);
  });

  it('runs a few at once, queues a few, refuses the rest', async () => {
    const gate = createHashingGate({ concurrency: 1, queue: 1 });
    const results = await Promise.allSettled([gate.run(slow), gate.run(slow), gate.run(slow)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ status: 503, code: 'busy' });
    expect(gate.load()).toEqual({ running: 0, waiting: 0, reserved: 0 });
  });

  it('keeps a place reserved at arrival for its hash, however many came in between', async () => {
    const gate = createHashingGate({ concurrency: 1, queue: 1 });
    const place = gate.reserve();
    const first = gate.run(slow);
    // The only queue place is held: others are refused, at arrival or at the hash.
    expect(() => gate.reserve()).toThrow(expect.objectContaining({ status: 503 }));
    await expect(gate.run(slow)).rejects.toMatchObject({ status: 503 });
    // The holder, meanwhile busy with the database, hashes when it gets there.
    await expect(gate.run(slow, undefined, place)).resolves.toBe('done');
    await first;
    place.release(); // already taken by its hash: changes nothing
    expect(gate.load()).toEqual({ running: 0, waiting: 0, reserved: 0 });
  });

  it('gives a place back when its request ends without hashing', () => {
    const gate = createHashingGate({ concurrency: 1, queue: 1 });
    const places = [gate.reserve(), gate.reserve()];
    expect(() => gate.reserve()).toThrow(expect.objectContaining({ status: 503 }));
    places[0]!.release();
    places[0]!.release(); // twice gives back once
    expect(gate.load().reserved).toBe(1);
    expect(() => gate.reserve()).not.toThrow();
  });

  it('drops a queued hash whose client went away, without working it out', async () => {
    const gate = createHashingGate({ concurrency: 1, queue: 4 });
    const gone = new AbortController();
    let worked = false;
    const first = gate.run(slow);
    const second = gate.run(async () => {
      worked = true;
      return 'never';
    }, gone.signal);
    gone.abort();
    await expect(second).rejects.toBeInstanceOf(ClientGoneError);
    await first;
    expect(worked).toBe(false);
  });
});
