import { afterEach, expect, vi } from 'vitest';

// A test fails on an unexpected console.error (an error nobody expected is a bug); expected ones are mocked by the test.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  expect(calls, 'unexpected console.error').toEqual([]);
});

/**
 * Password hashing is scrypt, made slow on purpose (0.2-1 s of a core each), and nearly every test
 * signs a customer up and in with the same password: hashing it afresh each time was most of the
 * suite's time. The tests get better-auth's own scrypt, each answer worked out once per test file
 * and then remembered: the same result for the same input, as scrypt itself gives (a hash is one
 * valid hash of the password, its salt reused). What costs CPU on purpose is tested where the cost
 * is the point (sign-in-hardening.test.ts takes the real functions back with `vi.unmock`).
 */
vi.mock('better-auth/crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('better-auth/crypto')>();
  return {
    ...real,
    hashPassword: remembered(real.hashPassword, (password) => password),
    verifyPassword: remembered(real.verifyPassword, ({ hash, password }) => `${hash}\n${password}`),
  };
});

/** `work`, each answer worked out once per key and then given again. */
function remembered<A, R>(work: (input: A) => Promise<R>, keyOf: (input: A) => string) {
  const answers = new Map<string, R>();
  return async (input: A): Promise<R> => {
    const key = keyOf(input);
    if (answers.has(key)) return answers.get(key) as R;
    const answer = await work(input);
    answers.set(key, answer);
    return answer;
  };
}
