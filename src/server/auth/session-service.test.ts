import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '~/server/db/schema';
import { createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
});
afterAll(() => t.close());

const whoIs = (cookie: string) => t.services.session.getUser(new Headers({ cookie }));
const DAY = 24 * 3600 * 1000;

async function setExpiry(userId: string, expiresAt: Date) {
  await t.services.db.update(sessions).set({ expiresAt }).where(eq(sessions.userId, userId));
}

describe('who is signed in', () => {
  it('knows the customer and the owner by their session cookie, with their role', async () => {
    const customer = await createUser(t);
    const owner = await createUser(t, { admin: true });
    expect(await whoIs(customer.cookie)).toEqual({
      id: customer.userId,
      email: customer.email,
      name: expect.any(String),
      role: 'customer',
      staffRole: null,
      secondFactor: false,
    });
    expect(await whoIs(owner.cookie)).toMatchObject({
      role: 'admin',
      staffRole: 'owner',
      secondFactor: true,
    });
  });

  it('knows shop staff and a baker as people of the back office, each with their own role', async () => {
    const packer = await createUser(t, { staffRole: 'staff' });
    const baker = await createUser(t, { staffRole: 'baker' });
    expect(await whoIs(packer.cookie)).toMatchObject({ role: 'admin', staffRole: 'staff' });
    expect(await whoIs(baker.cookie)).toMatchObject({ role: 'admin', staffRole: 'baker' });
  });

  it('sees a revoked admin as a customer on the very next request', async () => {
    const owner = await createUser(t, { admin: true });
    expect((await whoIs(owner.cookie))?.role).toBe('admin');
    await t.services.accounts.setAdmin(owner.email, false);
    expect((await whoIs(owner.cookie))?.role).toBe('customer');
  });

  it('is no one with a forged or altered cookie, or a signed-out session', async () => {
    const customer = await createUser(t);
    const [name, value] = customer.cookie.split('=') as [string, string];
    const [token] = decodeURIComponent(value).split('.');
    expect(await whoIs(`${name}=${token}`)).toBeNull();
    expect(await whoIs(`${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`)).toBeNull();
    expect(await whoIs(`${name}=${value.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`)).toBeNull();
    expect(await whoIs('')).toBeNull();
    await t.services.db.delete(sessions).where(eq(sessions.userId, customer.userId));
    expect(await whoIs(customer.cookie)).toBeNull();
  });

  it('is no one once the session has expired, and the expired session is removed', async () => {
    const customer = await createUser(t);
    await setExpiry(customer.userId, new Date(Date.now() - 1000));
    expect(await whoIs(customer.cookie)).toBeNull();
    const left = await t.services.db.select().from(sessions).where(eq(sessions.userId, customer.userId));
    expect(left).toEqual([]);
  });

  it('renews a session used more than a day after it was last renewed, for another 30 days', async () => {
    const customer = await createUser(t);
    await setExpiry(customer.userId, new Date(Date.now() + 28 * DAY));
    expect((await whoIs(customer.cookie))?.id).toBe(customer.userId);
    const [row] = await t.services.db.select().from(sessions).where(eq(sessions.userId, customer.userId));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });
});
