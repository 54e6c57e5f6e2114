import { count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { profiles, users } from '~/server/db/schema';
import { errorResponse } from '~/server/errors';
import { SIGN_UP_MESSAGES } from '~/shared/schemas/sign-up';
import { api, createUser, signIn, signUpDetails } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { EMAIL_TAKEN } from './account-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** POST /api/account/sign-up from its own client address, so the sign-up limit is per test. */
const signUp = (body: unknown, ip = '198.51.100.1') =>
  t.app.request('/api/account/sign-up', {
    method: 'POST',
    headers: { origin: t.origin, 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

const countUsers = async (email: string) => {
  const [row] = await t.services.db.select({ n: count() }).from(users).where(eq(users.email, email));
  return row?.n ?? 0;
};

describe('POST /api/account/sign-up', () => {
  it('creates the user and the profile, cleaned as the form shows it', async () => {
    const details = signUpDetails({ email: '  New.Customer@Example.com ', postcode: ' sy1   1pu' });
    const res = await signUp(details, '198.51.100.10');
    expect(res.status).toBe(201);

    const [user] = await t.services.db
      .select()
      .from(users)
      .where(eq(users.email, 'new.customer@example.com'));
    expect(user).toBeDefined();
    const [profile] = await t.services.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({
      fullName: "Mary O'Neill-Smith",
      email: 'new.customer@example.com',
      phone: '07123456789',
      address: '3 Mardol',
      city: 'Shrewsbury',
      postcode: 'SY1 1PU',
    });
    // A new account is a customer, and can sign in with the password it chose.
    const cookie = await signIn(t, 'new.customer@example.com', details.password);
    const me = await (await api(t, 'GET', '/api/account/me', undefined, cookie)).json();
    expect(me.role).toBe('customer');
  });

  it.each([
    ['a taken e-mail', (email: string) => email],
    ['a taken e-mail in other letter cases', (email: string) => email.toUpperCase()],
    ['a taken e-mail with spaces around it', (email: string) => ` ${email} `],
  ])('refuses %s with a clear message and creates nothing', async (_, variant) => {
    const existing = await createUser(t);
    const res = await signUp(signUpDetails({ email: variant(existing.email) }), '198.51.100.11');
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(EMAIL_TAKEN);
    expect(await countUsers(existing.email)).toBe(1);
  });

  it('answers the first failing rule when a request skips the form, and creates nothing', async () => {
    const details = signUpDetails({ phone: '01743 123456', postcode: 'nope' });
    const res = await signUp(details, '198.51.100.12');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.message).toBe(SIGN_UP_MESSAGES.phone);
    expect(body.error.fields).toMatchObject({
      phone: SIGN_UP_MESSAGES.phone,
      postcode: SIGN_UP_MESSAGES.postcode,
    });
    expect(await countUsers(details.email.toLowerCase())).toBe(0);
  });

  it.each([
    ['no body', undefined, SIGN_UP_MESSAGES.fullNameRequired],
    ['missing fields', { email: 'a@example.com' }, SIGN_UP_MESSAGES.fullNameRequired],
    ['a number as the password', { ...signUpDetails(), password: 123456 }, SIGN_UP_MESSAGES.passwordTooShort],
  ])('answers 400 for %s', async (_, body, message) => {
    const res = await signUp(body ?? {}, '198.51.100.13');
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });

  it('removes the user again when the profile cannot be stored', async () => {
    const details = signUpDetails();
    const log = vi.spyOn(t.services.log, 'error').mockImplementation(() => {});
    const db = t.services.db;
    const realInsert = db.insert.bind(db);
    const insert = vi.spyOn(db, 'insert').mockImplementation(((table: unknown) => {
      if (table === profiles) throw new Error('disk full');
      return realInsert(table as never);
    }) as typeof db.insert);
    try {
      const res = await signUp(details, '198.51.100.14');
      expect(res.status).toBe(500);
      expect(insert).toHaveBeenCalledWith(profiles);
    } finally {
      insert.mockRestore();
      log.mockRestore();
    }
    expect(await countUsers(details.email.toLowerCase())).toBe(0);
  });

  it("is the only way to sign up: better-auth's own sign-up endpoint is closed", async () => {
    const details = signUpDetails();
    const res = await api(t, 'POST', '/api/auth/sign-up/email', {
      email: details.email,
      password: details.password,
      name: details.fullName,
    });
    expect(res.status).toBe(404);
    expect(await countUsers(details.email.toLowerCase())).toBe(0);
  });
});

describe('GET /api/account/me', () => {
  it('returns the signed-in user, their profile and role', async () => {
    const customer = await createUser(t, { fullName: 'Ann Baker', city: 'Ludlow' });
    const res = await api(t, 'GET', '/api/account/me', undefined, customer.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toMatchObject({
      user: { id: customer.userId, email: customer.email },
      role: 'customer',
      profile: { id: customer.userId, full_name: 'Ann Baker', email: customer.email, city: 'Ludlow' },
    });
  });

  it('says admin only for a user with the admin role', async () => {
    const admin = await createUser(t, { admin: true });
    const res = await api(t, 'GET', '/api/account/me', undefined, admin.cookie);
    expect((await res.json()).role).toBe('admin');
  });

  it('counts a failed role lookup as customer (docs/rules/accounts.md)', async () => {
    const admin = await createUser(t, { admin: true });
    const db = t.services.db;
    const warn = vi.spyOn(t.services.log, 'warn').mockImplementation(() => {});
    // Every way of reading the role fails (alone, or with the session), while sessions still work.
    await db.execute(sql`alter table user_roles rename to user_roles_unreachable`);
    try {
      const res = await api(t, 'GET', '/api/account/me', undefined, admin.cookie);
      expect(res.status).toBe(200);
      expect((await res.json()).role).toBe('customer');
      expect(warn).toHaveBeenCalled();
    } finally {
      await db.execute(sql`alter table user_roles_unreachable rename to user_roles`);
      warn.mockRestore();
    }
    expect(await t.services.session.roleOf(admin.userId)).toBe('admin');
  });

  it.each([
    ['without a session', undefined],
    ['with a made-up session cookie', 'better-auth.session_token=forged.value'],
  ])('answers 401 %s', async (_, cookie) => {
    const res = await api(t, 'GET', '/api/account/me', undefined, cookie);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthorized');
  });
});

describe('admin guard (services.session.requireAdmin)', () => {
  // There is no admin API of ours yet: a tiny app guarded the way the back office is.
  const adminApp = () =>
    new Hono()
      .onError((err, c) => errorResponse(c, err, t.services.log))
      .get('/secret', async (c) => {
        const user = await t.services.session.requireAdmin(c.req.raw.headers);
        return c.json({ for: user.email });
      });

  it('answers 401 to an anonymous caller and 403 to a customer, and serves an admin', async () => {
    const customer = await createUser(t);
    const admin = await createUser(t, { admin: true });
    const get = (cookie?: string) => adminApp().request('/secret', { headers: cookie ? { cookie } : {} });
    expect((await get()).status).toBe(401);
    expect((await get(customer.cookie)).status).toBe(403);
    const ok = await get(admin.cookie);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ for: admin.email });
  });

  it('takes effect at once when the role is granted or revoked', async () => {
    // Signed in with a second factor, as everyone in the back office must be.
    const user = await createUser(t, { secondFactor: true });
    const get = () => adminApp().request('/secret', { headers: { cookie: user.cookie } });
    await t.services.accounts.setAdmin(user.email, true);
    expect((await get()).status).toBe(200);
    await t.services.accounts.setAdmin(user.email, false);
    expect((await get()).status).toBe(403);
  });
});
