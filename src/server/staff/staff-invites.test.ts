import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, emailOutbox, staffInvites, userRoles, users } from '~/server/db/schema';
import { SECOND_FACTOR_NEEDED } from '~/shared/account/second-factor';
import { api, apiJson, createUser, setUpSecondFactor, signIn } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { INVITE_MESSAGES } from './staff-invites';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { staffRole: 'owner' });
});
afterAll(() => t.close());

let seq = 0;
const newEmail = () => `invited-${Date.now().toString(36)}-${seq++}@example.com`;
const invite = (body: unknown, cookie = owner.cookie) =>
  apiJson(t, 'POST', '/api/admin/staff/invites', body, cookie);
const accept = (token: string, password: string) =>
  apiJson(t, 'POST', '/api/staff-invites/accept', { token, password });

/** The token in the newest invitation e-mail to an address, as the invited person would open it. */
async function tokenFor(email: string): Promise<string> {
  const [mail] = await t.services.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'staff-invite')))
    .orderBy(desc(emailOutbox.createdAt));
  const link = /http:\/\/shop\.test\/join\?token=([\w-]+)/.exec(mail?.text ?? '');
  expect(link, 'invitation link in the e-mail').not.toBeNull();
  return link![1]!;
}

const roleOf = async (email: string) => {
  const [row] = await t.services.db
    .select({ role: userRoles.role })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.email, email));
  return row?.role;
};

describe('the owner invites someone to the back office', () => {
  it('mails a one-time link that sets their password and role; the invite is logged, the token kept hashed', async () => {
    const email = newEmail();
    const sent = await invite({ name: 'Pat Packer', email, role: 'staff' });
    expect(sent.status).toBe(201);
    const token = await tokenFor(email);
    const [row] = await t.services.db.select().from(staffInvites).where(eq(staffInvites.id, sent.body.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    const [entry] = await t.services.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.kind, 'staff.invite'), eq(activityLog.recordId, sent.body.id)));
    expect(entry).toMatchObject({ actorId: owner.userId, after: { role: 'staff' } });

    expect(await roleOf(email)).toBeUndefined();
    const joined = await accept(token, 'packer-password-1');
    expect(joined.status).toBe(200);
    expect(await roleOf(email)).toBe('staff');
    // Password only: the back office answers nothing until the second factor is set up.
    const first = await signIn(t, email, 'packer-password-1');
    const refused = await apiJson(t, 'GET', '/api/admin/orders', undefined, first);
    expect(refused).toMatchObject({ status: 403, body: { error: { message: SECOND_FACTOR_NEEDED } } });
    const { cookie } = await setUpSecondFactor(t, email, 'packer-password-1', first);
    expect((await api(t, 'GET', '/api/admin/orders', undefined, cookie)).status).toBe(200);
    expect((await api(t, 'GET', '/api/admin/staff', undefined, cookie)).status).toBe(403);

    const again = await accept(token, 'another-password-2');
    expect(again.status).toBe(410);
    expect(again.body.error.message).toBe(INVITE_MESSAGES.used);
  });

  it('an invite to a customer makes that account staff with the new password', async () => {
    const customer = await createUser(t);
    await invite({ name: 'Bea Baker', email: customer.email, role: 'baker' });
    expect((await accept(await tokenFor(customer.email), 'baker-password-1')).status).toBe(200);
    expect(await roleOf(customer.email)).toBe('baker');
    // Their old session ended with the change.
    expect((await api(t, 'GET', '/api/account/me', undefined, customer.cookie)).status).toBe(401);
    await signIn(t, customer.email, 'baker-password-1');
  });

  it('refuses an e-mail already in the back office, an unknown role, and a non-owner, changing nothing', async () => {
    const before = (await t.services.db.select().from(staffInvites)).length;
    const taken = await invite({ name: 'Again', email: owner.email.toUpperCase(), role: 'staff' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(INVITE_MESSAGES.alreadyStaff(owner.email));
    const role = await invite({ name: 'Chef', email: newEmail(), role: 'chef' });
    expect(role.status).toBe(400);
    expect(role.body.error.message).toBe('Choose a role: Owner, Shop staff, Baker.');
    const packer = await createUser(t, { staffRole: 'staff' });
    expect((await invite({ name: 'X', email: newEmail(), role: 'owner' }, packer.cookie)).status).toBe(403);
    expect((await t.services.db.select().from(staffInvites)).length).toBe(before);
  });

  it('an expired link, an unknown one, or an older one replaced by a new invite joins no one', async () => {
    const email = newEmail();
    await invite({ name: 'Late', email, role: 'staff' });
    const first = await tokenFor(email);
    await t.services.db
      .update(staffInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvites.email, email));
    const late = await accept(first, 'late-password-1');
    expect(late.status).toBe(410);
    expect(late.body.error.message).toBe(INVITE_MESSAGES.expired);
    expect((await accept('not-a-token', 'late-password-1')).body.error.message).toBe(INVITE_MESSAGES.unknown);

    const other = newEmail();
    await invite({ name: 'Twice', email: other, role: 'staff' });
    const older = await tokenFor(other);
    await invite({ name: 'Twice', email: other, role: 'baker' });
    const newer = await tokenFor(other);
    expect((await accept(older, 'twice-password-1')).body.error.message).toBe(INVITE_MESSAGES.expired);
    expect(await roleOf(other)).toBeUndefined();
    expect((await accept(newer, 'twice-password-1')).status).toBe(200);
    expect(await roleOf(other)).toBe('baker');
  });

  it('one link used twice at once joins once', async () => {
    const email = newEmail();
    await invite({ name: 'Racer', email, role: 'staff' });
    const token = await tokenFor(email);
    const answers = await Promise.all([accept(token, 'racer-password-1'), accept(token, 'racer-password-2')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
    expect(await roleOf(email)).toBe('staff');
  });
});
