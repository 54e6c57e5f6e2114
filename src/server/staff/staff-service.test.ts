import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, userRoles } from '~/server/db/schema';
import { api, apiJson, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { LAST_OWNER_MESSAGE } from './staff-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const roleRows = async (userId: string) =>
  (await t.services.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);

describe('the owner manages the roles of the back office', () => {
  it('never removes or demotes the last owner, and a second owner makes it possible', async () => {
    // Each test file has a database of its own: this owner is the shop's only one.
    const owner = await createUser(t, { staffRole: 'owner' });
    const demote = await apiJson(
      t,
      'PUT',
      `/api/admin/staff/${owner.userId}`,
      { role: 'staff' },
      owner.cookie,
    );
    expect(demote.status).toBe(409);
    expect(demote.body.error.message).toBe(LAST_OWNER_MESSAGE);
    const remove = await apiJson(t, 'DELETE', `/api/admin/staff/${owner.userId}`, undefined, owner.cookie);
    expect(remove.status).toBe(409);
    expect(await roleRows(owner.userId)).toEqual(['admin']);

    const second = await createUser(t, { staffRole: 'owner' });
    expect(
      (await api(t, 'DELETE', `/api/admin/staff/${owner.userId}`, undefined, second.cookie)).status,
    ).toBe(200);
    expect(await roleRows(owner.userId)).toEqual([]);
    const last = await apiJson(t, 'DELETE', `/api/admin/staff/${second.userId}`, undefined, second.cookie);
    expect(last.status).toBe(409);
  });

  it("a change of role ends the person's sessions at once, and the new role is what the server enforces", async () => {
    const owner = await createUser(t, { staffRole: 'owner' });
    const packer = await createUser(t, { staffRole: 'staff' });
    expect((await api(t, 'GET', '/api/admin/orders', undefined, packer.cookie)).status).toBe(200);
    const changed = await apiJson(
      t,
      'PUT',
      `/api/admin/staff/${packer.userId}`,
      { role: 'baker' },
      owner.cookie,
    );
    expect(changed).toMatchObject({ status: 200, body: { before: 'staff', after: 'baker' } });
    expect(await t.services.db.select().from(sessions).where(eq(sessions.userId, packer.userId))).toEqual([]);
    expect((await api(t, 'GET', '/api/admin/orders', undefined, packer.cookie)).status).toBe(401);
  });

  it('refuses a role that does not exist with a clear message, and changes nothing', async () => {
    const owner = await createUser(t, { staffRole: 'owner' });
    const baker = await createUser(t, { staffRole: 'baker' });
    const res = await apiJson(
      t,
      'PUT',
      `/api/admin/staff/${baker.userId}`,
      { role: 'manager' },
      owner.cookie,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Choose a role: Owner, Shop staff, Baker.');
    expect(await roleRows(baker.userId)).toEqual(['baker']);
    expect((await api(t, 'GET', '/api/admin/bake-days', undefined, baker.cookie)).status).toBe(200);
  });

  it('lists the back office with each role, and not the customers', async () => {
    const owner = await createUser(t, { staffRole: 'owner', fullName: 'Olive Owner' });
    const customer = await createUser(t);
    const { body } = await apiJson(t, 'GET', '/api/admin/staff', undefined, owner.cookie);
    expect(body.staff).toContainEqual({
      id: owner.userId,
      name: 'Olive Owner',
      email: owner.email,
      role: 'owner',
      secondFactor: true,
    });
    expect(body.staff.map((s: { id: string }) => s.id)).not.toContain(customer.userId);
  });
});
