import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENQUIRY_STATUSES } from '~/shared/made-to-order/made-to-order';
import { everyDayTemplate } from '~/test/bake-days';
import { createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { seedDemoMadeToOrder } from './demo-made-to-order';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('the demo shop has an enquiry in every state, the new one with pictures, made once', async () => {
  await t.services.bakeDays.saveTemplate(everyDayTemplate());
  const customer = await createUser(t);
  const card = { cardNumber: '4242424242424242', expiry: '12 / 40', cvc: '123', name: 'Demo' };
  const job = {
    jobs: t.services.madeToOrderJobs,
    customerEmail: customer.email,
    payDeposit: (sessionId: string) => t.services.payments.payTestSession(sessionId, card),
  };
  expect(await seedDemoMadeToOrder(t.services.db, t.services.madeToOrder, job)).toBe(true);
  // The accepted christening is the customer's order, its deposit paid and its balance owed.
  const [mine] = await t.services.orders.listForCustomer(customer.userId);
  expect(mine).toBeDefined();
  const order = await t.services.orders.getForCustomer(customer.userId, mine!.id);
  expect(order.paid_state).toBe('Deposit paid £40.00 of £120.00');
  const rows = await t.services.madeToOrder.list();
  expect(new Set(rows.map((r) => r.enquiry.status))).toEqual(new Set(ENQUIRY_STATUSES));
  const waiting = rows.find((r) => r.enquiry.status === 'new')!;
  expect((await t.services.madeToOrder.get(waiting.enquiry.id)).pictureIds).toHaveLength(2);
  expect(rows.find((r) => r.enquiry.status === 'quoted')!.quote).toMatchObject({ status: 'sent' });
  expect(await seedDemoMadeToOrder(t.services.db, t.services.madeToOrder)).toBe(false);
  expect(await t.services.madeToOrder.list()).toHaveLength(rows.length);
});
