import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, orders } from '~/server/db/schema';
import { loadClientBuild } from '~/server/load-build';
import { STAFF_MAY_NOT_CANCEL_PAID } from '~/shared/staff/back-office-access';
import { api, apiJson, createUser } from '~/test/factories';
import { createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// Cancelling an order whose money was taken refunds it, and refunds are the owner's alone.
let t: TestApp;
let packer: Awaited<ReturnType<typeof createUser>>;
let owner: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) });
  packer = await createUser(t, { staffRole: 'staff' });
  owner = await createUser(t, { staffRole: 'owner' });
});
afterAll(() => t.close());

const statusOf = async (id: string) =>
  (await t.services.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
const entriesFor = async (id: string) =>
  t.services.db.select().from(activityLog).where(eq(activityLog.recordId, id));

describe("a paid order's cancel", () => {
  it('shop staff are refused with a clear message, and nothing changes', async () => {
    const order = await createOrder(t.services, { status: 'paid' });
    const res = await apiJson(
      t,
      'PATCH',
      `/api/admin/orders/${order.id}`,
      { status: 'cancelled' },
      packer.cookie,
    );
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).toContain(STAFF_MAY_NOT_CANCEL_PAID);
    expect(await statusOf(order.id)).toBe('paid');
    expect(await entriesFor(order.id)).toHaveLength(0);
  });

  it('shop staff may still move a paid order on, and cancel one not yet paid', async () => {
    const paid = await createOrder(t.services, { status: 'paid' });
    const baking = await apiJson(
      t,
      'PATCH',
      `/api/admin/orders/${paid.id}`,
      { status: 'baking' },
      packer.cookie,
    );
    expect(baking.status).toBe(200);
    const pending = await createOrder(t.services, { status: 'pending' });
    const res = await apiJson(
      t,
      'PATCH',
      `/api/admin/orders/${pending.id}`,
      { status: 'cancelled' },
      packer.cookie,
    );
    expect(res.status).toBe(200);
    expect(await statusOf(pending.id)).toBe('cancelled');
  });

  it('the owner may cancel it', async () => {
    const order = await createOrder(t.services, { status: 'paid' });
    const res = await apiJson(
      t,
      'PATCH',
      `/api/admin/orders/${order.id}`,
      { status: 'cancelled' },
      owner.cookie,
    );
    expect(res.status).toBe(200);
    expect(await statusOf(order.id)).toBe('cancelled');
  });
});

describe('the orders list', () => {
  /** The list's card for one order, as its HTML. */
  async function cardFor(cookie: string, id: string) {
    const html = await (await api(t, 'GET', '/admin/orders', undefined, cookie)).text();
    const start = html.indexOf(`id="order-${id}"`);
    expect(start, 'the order is on the list').toBeGreaterThan(0);
    return html.slice(start, html.indexOf('</article>', start));
  }

  it('offers shop staff neither Cancelled nor Mark as paid where the server would refuse them', async () => {
    const paid = await createOrder(t.services, { status: 'paid', createdAt: new Date() });
    const unpaid = await createOrder(t.services, { status: 'pending', createdAt: new Date() });
    const staffPaid = await cardFor(packer.cookie, paid.id);
    expect(staffPaid).toContain('value="baking"');
    expect(staffPaid).not.toContain('value="cancelled"');
    const staffUnpaid = await cardFor(packer.cookie, unpaid.id);
    expect(staffUnpaid).toContain('value="cancelled"');
    expect(staffUnpaid).not.toContain('Mark as paid');
    expect(await cardFor(owner.cookie, paid.id)).toContain('value="cancelled"');
    expect(await cardFor(owner.cookie, unpaid.id)).toContain('Mark as paid');
  });
});
