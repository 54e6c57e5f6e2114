import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, orders } from '~/server/db/schema';
import { STAFF_MAY_NOT_CANCEL_PAID } from '~/shared/staff/back-office-access';
import { apiJson, createUser } from '~/test/factories';
import { createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// Cancelling an order whose money was taken refunds it, and refunds are the owner's alone.
let t: TestApp;
let packer: Awaited<ReturnType<typeof createUser>>;
let owner: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
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
