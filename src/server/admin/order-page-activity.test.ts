import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClientBuild } from '~/server/load-build';
import { api, createUser } from '~/test/factories';
import { createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) });
  owner = await createUser(t, { staffRole: 'owner', fullName: 'Olive Owner' });
});
afterAll(() => t.close());

const orderPage = async (id: string) =>
  (await t.app.request(`${t.origin}/admin/orders/${id}`, { headers: { cookie: owner.cookie } })).text();

describe("an order's admin page", () => {
  it('says nobody has changed it yet, then shows who changed its status, when, before and after', async () => {
    const order = await createOrder(t.services, { status: 'paid' });
    const first = await orderPage(order.id);
    expect(first.replace(/<!-- -->/g, '')).toContain('Nobody in the back office has changed this order yet.');
    await api(t, 'PATCH', `/api/admin/orders/${order.id}`, { status: 'baking' }, owner.cookie);
    const html = await orderPage(order.id);
    expect(html.replace(/<!-- -->/g, '')).not.toContain(
      'Nobody in the back office has changed this order yet.',
    );
    expect(html).toContain('order.status');
    expect(html).toContain('Olive Owner');
    expect(html.replace(/<!-- -->/g, '')).toContain('Before: status: paid');
  });
});
