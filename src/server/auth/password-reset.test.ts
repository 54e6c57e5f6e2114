import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, verifications } from '~/server/db/schema';
import { SIGN_UP_MESSAGES } from '~/shared/schemas/sign-up';
import { api, createUser, nextTestIp, signIn } from '~/test/factories';
import { cookieHeader } from '~/test/sign-in';
import { createTestApp, type TestApp } from '~/test/test-app';
import { SIGN_IN_LIMIT } from './auth';
import { RESET_REQUEST_MIN_MS } from './even-timing';
import { RESET_EMAILS_PER_ACCOUNT, RESET_REQUESTED } from './reset-email-limit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // rate limits on, as in production
});
afterAll(() => t.close());

const post = (url: string, body: unknown, ip = nextTestIp(), cookie?: string) =>
  api(t, 'POST', url, body, cookie, ip);

const requestReset = (email: string, ip?: string) => post('/api/auth/request-password-reset', { email }, ip);
const resetPassword = (token: string, newPassword: string) =>
  post('/api/auth/reset-password', { token, newPassword });
const signInStatus = async (email: string, password: string) =>
  (await post('/api/auth/sign-in/email', { email, password })).status;
const meStatus = async (cookie: string) => (await api(t, 'GET', '/api/account/me', undefined, cookie)).status;

/** The reset e-mails queued for an address, newest first. */
const resetEmails = (to: string) =>
  t.services.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, 'password-reset')))
    .orderBy(desc(emailOutbox.createdAt));

/** Asks for a reset and returns the token from the link in the e-mail, as the customer would. */
async function tokenFor(email: string): Promise<string> {
  expect((await requestReset(email)).status).toBe(200);
  const [mail] = await resetEmails(email);
  const link = /http:\/\/shop\.test\/reset-password\?token=([\w-]+)/.exec(mail!.text);
  expect(link, 'reset link in the e-mail').not.toBeNull();
  return link![1]!;
}

describe('forgot password', () => {
  it('answers the same for a known and an unknown e-mail, and only mails the known one', async () => {
    const user = await createUser(t);
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody-at-all@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await resetEmails('nobody-at-all@example.com')).toEqual([]);

    const [mail] = await resetEmails(user.email);
    expect(mail).toMatchObject({ subject: 'Reset your Shropshire Cookie Co. password' });
    expect(mail!.text).toContain('The link works once, within one hour.');
    expect(mail!.html).toContain('http://shop.test/reset-password?token=');
  });

  it('takes as long for an unknown e-mail as for a known one', async () => {
    const user = await createUser(t);
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await requestReset(email)).status).toBe(200);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await timed(user.email));
      unknown.push(await timed(`nobody-${i}@example.com`));
    }
    // The quickest of each: a busy machine only ever adds time, so what the answer itself takes
    // shows in the least (the medians parted when a loaded machine held up most answers of one kind).
    for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
    expect(Math.abs(Math.min(...known) - Math.min(...unknown))).toBeLessThan(50);
  });

  it('sets a new password once: the old one and every session stop working', async () => {
    const user = await createUser(t);
    const otherDevice = await signIn(t, user.email, user.password);
    const token = await tokenFor(user.email);

    const res = await resetPassword(token, 'fresh-biscuits-9');
    expect(res.status).toBe(200);
    expect(await meStatus(user.cookie)).toBe(401);
    expect(await meStatus(otherDevice)).toBe(401);
    expect(await signInStatus(user.email, user.password)).toBe(401);
    expect(await signInStatus(user.email, 'fresh-biscuits-9')).toBe(200);

    // Single use: the same link cannot set the password again.
    const again = await resetPassword(token, 'someone-elses-9');
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe('INVALID_TOKEN');
    expect(await signInStatus(user.email, 'fresh-biscuits-9')).toBe(200);
  });

  it('refuses a wrong token', async () => {
    const res = await resetPassword('not-a-real-token-123456', 'fresh-biscuits-9');
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('INVALID_TOKEN');
  });

  it('refuses a link older than an hour', async () => {
    const user = await createUser(t);
    const token = await tokenFor(user.email);
    // The token's row, by the user it belongs to (the token itself is stored hashed).
    const rows = await t.services.db.select().from(verifications).where(eq(verifications.value, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).not.toContain(token);
    const inAnHour = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(Math.round(inAnHour / 60_000)).toBe(60);
    await t.services.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, user.userId));

    const res = await resetPassword(token, 'fresh-biscuits-9');
    expect(res.status).toBe(400);
    expect(await signInStatus(user.email, user.password)).toBe(200);
  });

  it('checks the new password with the messages of docs/rules/accounts.md and leaves the link usable', async () => {
    const user = await createUser(t);
    const token = await tokenFor(user.email);
    const short = await resetPassword(token, '12345');
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe(SIGN_UP_MESSAGES.passwordTooShort);
    const long = await resetPassword(token, 'x'.repeat(73));
    expect((await long.json()).message).toBe(SIGN_UP_MESSAGES.passwordTooLong);
    expect((await resetPassword(token, 'x'.repeat(72))).status).toBe(200);
  });

  it(`allows ${SIGN_IN_LIMIT.max} requests a minute per address, like sign-in`, async () => {
    const ip = '203.0.113.90';
    const statuses = await Promise.all(
      Array.from({ length: SIGN_IN_LIMIT.max + 1 }, (_, i) => requestReset(`someone-${i}@example.com`, ip)),
    );
    expect(statuses.map((r) => r.status).sort()).toEqual([...Array(SIGN_IN_LIMIT.max).fill(200), 429]);
    expect((await requestReset('someone@example.com', '203.0.113.91')).status).toBe(200);
  });
});

describe('change password', () => {
  const change = (cookie: string, body: unknown) =>
    post('/api/auth/change-password', body, nextTestIp(), cookie);

  it('needs the current password', async () => {
    const user = await createUser(t);
    const res = await change(user.cookie, {
      currentPassword: 'not-my-password',
      newPassword: 'fresh-biscuits-9',
      revokeOtherSessions: true,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('INVALID_PASSWORD');
    expect(await signInStatus(user.email, user.password)).toBe(200);
    expect((await change('', { currentPassword: user.password, newPassword: 'abcdefg' })).status).toBe(401);
  });

  it('ends the other sessions and keeps this one', async () => {
    const user = await createUser(t);
    const otherDevice = await signIn(t, user.email, user.password);
    const res = await change(user.cookie, {
      currentPassword: user.password,
      newPassword: 'fresh-biscuits-9',
      revokeOtherSessions: true,
    });
    expect(res.status).toBe(200);
    expect(await meStatus(otherDevice)).toBe(401);
    expect(await meStatus(cookieHeader(res))).toBe(200);
    expect(await signInStatus(user.email, user.password)).toBe(401);
    expect(await signInStatus(user.email, 'fresh-biscuits-9')).toBe(200);
  });

  it('checks the new password with the messages of docs/rules/accounts.md', async () => {
    const user = await createUser(t);
    const res = await change(user.cookie, { currentPassword: user.password, newPassword: 'abc' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(SIGN_UP_MESSAGES.passwordTooShort);
  });
});

describe('earlier reset links end', () => {
  const change = (user: { cookie: string; password: string }, newPassword: string) =>
    post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword },
      nextTestIp(),
      user.cookie,
    );

  it('a password change ends every reset link sent before it', async () => {
    const user = await createUser(t);
    const first = await tokenFor(user.email);
    const second = await tokenFor(user.email);
    expect((await change(user, 'changed-biscuits-9')).status).toBe(200);

    for (const token of [first, second]) {
      const res = await resetPassword(token, 'someone-elses-9');
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('INVALID_TOKEN');
    }
    expect(await signInStatus(user.email, 'changed-biscuits-9')).toBe(200);
    expect(await signInStatus(user.email, 'someone-elses-9')).toBe(401);
  });

  it('a link asked for after the change still works', async () => {
    const user = await createUser(t);
    await tokenFor(user.email);
    expect((await change(user, 'changed-biscuits-9')).status).toBe(200);
    const later = await tokenFor(user.email);
    expect((await resetPassword(later, 'fresh-biscuits-9')).status).toBe(200);
    expect(await signInStatus(user.email, 'fresh-biscuits-9')).toBe(200);
  });

  it('of two links, the older no longer works once the newer was used', async () => {
    const user = await createUser(t);
    const older = await tokenFor(user.email);
    const newer = await tokenFor(user.email);
    expect((await resetPassword(newer, 'newer-biscuits-9')).status).toBe(200);

    const res = await resetPassword(older, 'older-biscuits-9');
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('INVALID_TOKEN');
    expect(await signInStatus(user.email, 'newer-biscuits-9')).toBe(200);
    expect(await signInStatus(user.email, 'older-biscuits-9')).toBe(401);
  });

  it('nor the newer once the older was used', async () => {
    const user = await createUser(t);
    const older = await tokenFor(user.email);
    const newer = await tokenFor(user.email);
    expect((await resetPassword(older, 'older-biscuits-9')).status).toBe(200);
    expect((await resetPassword(newer, 'newer-biscuits-9')).status).toBe(400);
    expect(await signInStatus(user.email, 'older-biscuits-9')).toBe(200);
  });

  it("ends only that account's links", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const othersToken = await tokenFor(other.email);
    await tokenFor(user.email);
    expect((await change(user, 'changed-biscuits-9')).status).toBe(200);
    expect((await resetPassword(othersToken, 'others-biscuits-9')).status).toBe(200);
  });
});

describe('reset e-mails per account', () => {
  it(`12 requests for one address from 12 client addresses queue ${RESET_EMAILS_PER_ACCOUNT.max} e-mails, each answered as before`, async () => {
    const user = await createUser(t);
    // The address written as people type it: the limit is the account's, whatever the case.
    const spellings = [user.email, user.email.toUpperCase()];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => requestReset(spellings[i % spellings.length]!, nextTestIp())),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(RESET_REQUESTED);
    }
    expect(await resetEmails(user.email)).toHaveLength(RESET_EMAILS_PER_ACCOUNT.max);
    const links = await t.services.db
      .select()
      .from(verifications)
      .where(eq(verifications.value, user.userId));
    expect(links).toHaveLength(RESET_EMAILS_PER_ACCOUNT.max);
  });

  it('answers an address over its limit exactly as an unknown one, so the limit tells nothing', async () => {
    const user = await createUser(t);
    for (let i = 0; i < RESET_EMAILS_PER_ACCOUNT.max; i++) await requestReset(user.email);
    const over = await requestReset(user.email);
    const unknown = await requestReset('nobody-here-either@example.com');
    expect(over.status).toBe(unknown.status);
    expect(await over.json()).toEqual(await unknown.json());
    expect(await resetEmails(user.email)).toHaveLength(RESET_EMAILS_PER_ACCOUNT.max);
  });

  it("one account's limit leaves another's e-mails alone", async () => {
    const flooded = await createUser(t);
    const other = await createUser(t);
    for (let i = 0; i <= RESET_EMAILS_PER_ACCOUNT.max; i++) await requestReset(flooded.email);
    expect((await requestReset(other.email)).status).toBe(200);
    expect(await resetEmails(other.email)).toHaveLength(1);
  });
});
