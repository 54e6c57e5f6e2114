import { eq } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_ADMIN_TOTP_SECRET,
  demoSecondFactorAllowed,
  settleDemoSecondFactor,
} from '~/server/account/seed-demo-users';
import { runAdminCommand } from '~/server/cli/admin-command';
import { activityLog, userRoles, users } from '~/server/db/schema';
import { SECOND_FACTOR_NEEDED } from '~/shared/account/second-factor';
import { api, createUser, nextTestIp, setUpSecondFactor, signIn, testBackupCodes } from '~/test/factories';
import { cookieHeader, inProcess, postCode, postSignIn, rememberTotpSecret, totpCode } from '~/test/sign-in';
import { createTestApp, type TestApp } from '~/test/test-app';
import { KEEP_SECOND_FACTOR, TWO_FACTOR_LIMIT } from './auth';
import { enrolKnownSecret, resetSecondFactorOf, secretOf } from './second-factor';
import { CODE_ALREADY_USED } from './used-codes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // rate limits on, as in production
});
afterAll(() => t.close());

const request = () => inProcess(t.app);
const orders = (cookie: string) => api(t, 'GET', '/api/admin/orders', undefined, cookie);
const post = (url: string, body: unknown, cookie?: string, ip = nextTestIp()) =>
  api(t, 'POST', url, body, cookie, ip);

/** The first step of signing in: e-mail and password. */
async function passwordStep(email: string, password: string, ip = nextTestIp(), cookie?: string) {
  const res = await postSignIn(
    request(),
    t.origin,
    { email, password },
    {
      'x-forwarded-for': ip,
      ...(cookie ? { cookie } : {}),
    },
  );
  return { res, body: (await res.json()) as { twoFactorRedirect?: boolean }, cookie: cookieHeader(res) };
}

describe('the back office demands a second factor', () => {
  it('refuses a staff session without one with a clear 403, and lets it set one up', async () => {
    const packer = await createUser(t, { staffRole: 'staff', secondFactor: false });
    const refused = await orders(packer.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 'second_factor_required', message: SECOND_FACTOR_NEEDED },
    });
    const { cookie, backupCodes } = await setUpSecondFactor(t, packer.email, packer.password, packer.cookie);
    expect(backupCodes).toHaveLength(10);
    expect((await orders(cookie)).status).toBe(200);
  });

  it('asks for the code at sign-in: no session until it is given, a wrong one refused', async () => {
    const owner = await createUser(t, { staffRole: 'owner' });
    const ip = nextTestIp();
    const first = await passwordStep(owner.email, owner.password, ip);
    expect(first.body).toMatchObject({ twoFactorRedirect: true });
    expect(first.cookie).not.toMatch(/session_token=[^;]/);
    expect((await orders(first.cookie)).status).toBe(401);
    const wrong = await postCode(request(), t.origin, first.cookie, '000000', { 'x-forwarded-for': ip });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid code' });
    // The next step's code: createUser's sign-in used this one, and a used code is refused (decision 087).
    const right = await postCode(
      request(),
      t.origin,
      first.cookie,
      totpCode(owner.totpSecret!, Date.now() + 30_000),
      {
        'x-forwarded-for': ip,
      },
    );
    expect(right.status).toBe(200);
    expect((await orders(cookieHeader(right))).status).toBe(200);
  });

  it('refuses a code already used while it is still valid, saying so, and opens no session', async () => {
    const owner = await createUser(t, { staffRole: 'owner' });
    const code = totpCode(owner.totpSecret!, Date.now() + 30_000);
    const first = await passwordStep(owner.email, owner.password);
    const once = await postCode(request(), t.origin, first.cookie, code);
    expect(once.status).toBe(200);
    const again = await passwordStep(owner.email, owner.password);
    const replay = await postCode(request(), t.origin, again.cookie, code);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ code: 'CODE_ALREADY_USED', message: CODE_ALREADY_USED });
    expect((await orders(cookieHeader(replay))).status).toBe(401);
    expect((await orders(again.cookie)).status).toBe(401);
    // Two sign-ins sending one code at once: one opens, the other is refused.
    const racer = totpCode(owner.totpSecret!, Date.now() - 30_000);
    const [a, b] = await Promise.all([
      passwordStep(owner.email, owner.password),
      passwordStep(owner.email, owner.password),
    ]);
    const answers = await Promise.all([
      postCode(request(), t.origin, a.cookie, racer),
      postCode(request(), t.origin, b.cookie, racer),
    ]);
    // The previous step's code may be the one createUser used: then both are refused as used.
    expect(answers.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(answers.some((r) => r.status === 401)).toBe(true);
  });

  it('refuses a session from before the second factor was set up', async () => {
    const baker = await createUser(t, { staffRole: 'baker', secondFactor: false });
    const before = await signIn(t, baker.email, baker.password);
    await setUpSecondFactor(t, baker.email, baker.password, baker.cookie);
    const bakeDays = (cookie: string) => api(t, 'GET', '/api/admin/bake-days', undefined, cookie);
    expect((await bakeDays(before)).status).toBe(403);
    expect((await bakeDays(await signIn(t, baker.email, baker.password))).status).toBe(200);
  });

  it('refuses a customer session of the same person once they join the back office', async () => {
    const person = await createUser(t);
    expect((await orders(person.cookie)).status).toBe(403);
    // Made staff, with an authenticator: the session they had as a customer stays a customer's.
    await t.services.db.insert(userRoles).values({ userId: person.userId, role: 'staff' });
    const secret = new Secret({ size: 20 }).base32;
    await enrolKnownSecret(t.services.auth, t.services.db, person.userId, secret, testBackupCodes());
    rememberTotpSecret(person.email, secret);
    const refused = await orders(person.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'second_factor_required' } });
    expect((await orders(await signIn(t, person.email, person.password))).status).toBe(200);
  });

  it('a password reset gives no session, and signing in after it still asks for the code', async () => {
    const owner = await createUser(t, { staffRole: 'owner' });
    expect((await post('/api/auth/request-password-reset', { email: owner.email })).status).toBe(200);
    const [mail] = await t.services.db.query.emailOutbox.findMany({
      where: (m, { and, eq }) => and(eq(m.to, owner.email), eq(m.kind, 'password-reset')),
    });
    const token = /reset-password\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass-1' });
    expect(reset.status).toBe(200);
    const resetCookie = cookieHeader(reset);
    expect(resetCookie).not.toContain('session_token=');
    expect((await orders(owner.cookie)).status).toBe(401); // the reset ended every session
    const next = await passwordStep(owner.email, 'brand-new-pass-1');
    expect(next.body).toMatchObject({ twoFactorRedirect: true });
    expect((await orders(next.cookie)).status).toBe(401);
  });

  it('a backup code signs in once; used again it is refused', async () => {
    const owner = await createUser(t, { staffRole: 'owner' });
    const [code] = testBackupCodes();
    const once = await passwordStep(owner.email, owner.password);
    const used = await postCode(request(), t.origin, once.cookie, code!, {}, { backup: true });
    expect(used.status).toBe(200);
    expect((await orders(cookieHeader(used))).status).toBe(200);
    const again = await passwordStep(owner.email, owner.password);
    const reused = await postCode(request(), t.origin, again.cookie, code!, {}, { backup: true });
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ message: 'Invalid backup code' });
  });

  it('"trust this device" skips the code for that browser, and the session still opens the back office', async () => {
    const owner = await createUser(t, { staffRole: 'owner' });
    const first = await passwordStep(owner.email, owner.password);
    const trusted = await postCode(
      request(),
      t.origin,
      first.cookie,
      totpCode(owner.totpSecret!, Date.now() + 30_000),
      {},
      {
        trustDevice: true,
      },
    );
    expect(trusted.status).toBe(200);
    const trustCookie = cookieHeader(trusted)
      .split('; ')
      .filter((c) => c.includes('trust_device'))
      .join('; ');
    expect(trustCookie).toContain('trust_device=');
    const next = await passwordStep(owner.email, owner.password, nextTestIp(), trustCookie);
    expect(next.body.twoFactorRedirect).toBeUndefined();
    expect((await orders(next.cookie)).status).toBe(200);
    // Another browser, without that cookie, is asked.
    expect((await passwordStep(owner.email, owner.password)).body).toMatchObject({ twoFactorRedirect: true });
  });

  it(`limits code entry to ${TWO_FACTOR_LIMIT.max} tries a minute from one address`, async () => {
    const owner = await createUser(t, { staffRole: 'owner' });
    const ip = nextTestIp();
    const statuses: number[] = [];
    for (let i = 0; i <= TWO_FACTOR_LIMIT.max; i++) {
      const step = await passwordStep(owner.email, owner.password, nextTestIp());
      statuses.push(
        (await postCode(request(), t.origin, step.cookie, '000000', { 'x-forwarded-for': ip })).status,
      );
    }
    expect(statuses.slice(0, TWO_FACTOR_LIMIT.max).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('staff cannot turn their second factor off; a customer may turn theirs on and off', async () => {
    const packer = await createUser(t, { staffRole: 'staff' });
    const off = await post('/api/auth/two-factor/disable', { password: packer.password }, packer.cookie);
    expect(off.status).toBe(403);
    expect(await off.json()).toMatchObject({ message: KEEP_SECOND_FACTOR });

    const customer = await createUser(t);
    const { cookie } = await setUpSecondFactor(t, customer.email, customer.password, customer.cookie);
    expect((await passwordStep(customer.email, customer.password)).body).toMatchObject({
      twoFactorRedirect: true,
    });
    expect((await orders(cookie)).status).toBe(403); // still a customer: the back office is not theirs
    const done = await post('/api/auth/two-factor/disable', { password: customer.password }, cookie);
    expect(done.status).toBe(200);
    expect((await passwordStep(customer.email, customer.password)).body.twoFactorRedirect).toBeUndefined();
  });
});

describe("the owner's reset and the command on the machine", () => {
  it("the owner resets a packer's second factor: logged, their sessions end, they set up a new one", async () => {
    const owner = await createUser(t, { staffRole: 'owner' });
    const packer = await createUser(t, { staffRole: 'staff' });
    const staffCannot = await post(`/api/admin/staff/${owner.userId}/second-factor/reset`, {}, packer.cookie);
    expect(staffCannot.status).toBe(403);
    const res = await post(`/api/admin/staff/${packer.userId}/second-factor/reset`, {}, owner.cookie);
    expect(res.status).toBe(200);
    expect((await orders(packer.cookie)).status).toBe(401);
    const [entry] = await t.services.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.kind, 'staff.second-factor-reset'));
    expect(entry).toMatchObject({
      actorId: owner.userId,
      recordId: packer.userId,
      after: { secondFactor: false },
    });
    const again = await passwordStep(packer.email, packer.password);
    expect(again.body.twoFactorRedirect).toBeUndefined();
    expect((await orders(again.cookie)).status).toBe(403);
  });

  it('`npm run admin -- reset-2fa <email>` recovers a lost owner phone', async () => {
    const owner = await createUser(t, { staffRole: 'owner' });
    const reset = (email: string) => resetSecondFactorOf(t.services.db, email);
    expect(await runAdminCommand(['reset-2fa', owner.email], t.services.accounts, reset)).toMatchObject({
      code: 0,
    });
    expect(
      await runAdminCommand(['reset-2fa', 'nobody@example.com'], t.services.accounts, reset),
    ).toMatchObject({
      code: 1,
    });
    expect((await orders(owner.cookie)).status).toBe(401);
    const next = await passwordStep(owner.email, owner.password);
    expect(next.body.twoFactorRedirect).toBeUndefined();
    const { cookie } = await setUpSecondFactor(t, owner.email, owner.password, next.cookie);
    expect((await orders(cookie)).status).toBe(200);
  });
});

describe("the demo admin's published second factor (decision 078)", () => {
  it('is allowed only on the embedded database listening on this machine', () => {
    expect(demoSecondFactorAllowed({ host: '127.0.0.1', database: { kind: 'pglite' } })).toBe(true);
    expect(demoSecondFactorAllowed({ host: 'localhost', database: { kind: 'pglite' } })).toBe(true);
    expect(demoSecondFactorAllowed({ host: '0.0.0.0', database: { kind: 'pglite' } })).toBe(false);
    expect(demoSecondFactorAllowed({ host: '192.168.1.5', database: { kind: 'pglite' } })).toBe(false);
    expect(demoSecondFactorAllowed({ host: '127.0.0.1', database: { kind: 'postgres' } })).toBe(false);
  });

  it('signs in with the published code where allowed, and is removed (the code refused) anywhere else', async () => {
    const demo = await t.services.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    if (!demo.length) await t.services.accounts.signUp(DEMO_ADMIN);
    await t.services.accounts.setAdmin(DEMO_ADMIN.email, true);
    await settleDemoSecondFactor(t.services.db, t.services.auth, true);
    const cookie = await signIn(t, DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect((await orders(cookie)).status).toBe(200);

    // Started again on 0.0.0.0 (or on DATABASE_URL): the published secret goes, with its sessions.
    await settleDemoSecondFactor(t.services.db, t.services.auth, false);
    const [admin] = await t.services.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    expect(await secretOf(t.services.auth, t.services.db, admin!.id)).toBeNull();
    expect((await orders(cookie)).status).toBe(401);
    const next = await passwordStep(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(next.body.twoFactorRedirect).toBeUndefined();
    const published = await postCode(request(), t.origin, next.cookie, totpCode(DEMO_ADMIN_TOTP_SECRET));
    expect(published.status).not.toBe(200);
    expect((await orders(next.cookie)).status).toBe(403);
  });
});
