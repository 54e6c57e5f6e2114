import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENQUIRY_STATUSES } from '~/shared/made-to-order/made-to-order';
import { createTestApp, type TestApp } from '~/test/test-app';
import { seedDemoMadeToOrder } from './demo-made-to-order';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('the demo shop has an enquiry in every state, the new one with pictures, made once', async () => {
  expect(await seedDemoMadeToOrder(t.services.db, t.services.madeToOrder)).toBe(true);
  const rows = await t.services.madeToOrder.list();
  expect(new Set(rows.map((r) => r.enquiry.status))).toEqual(new Set(ENQUIRY_STATUSES));
  const waiting = rows.find((r) => r.enquiry.status === 'new')!;
  expect((await t.services.madeToOrder.get(waiting.enquiry.id)).pictureIds).toHaveLength(2);
  expect(rows.find((r) => r.enquiry.status === 'quoted')!.quote).toMatchObject({ status: 'sent' });
  expect(await seedDemoMadeToOrder(t.services.db, t.services.madeToOrder)).toBe(false);
  expect(await t.services.madeToOrder.list()).toHaveLength(rows.length);
});
