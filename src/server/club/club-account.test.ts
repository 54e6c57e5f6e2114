import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountDataExport } from '~/server/account/account-privacy-service';
import { clubDeliveries, orders, subscriptions } from '~/server/db/schema';
import { TEST_CARDS } from '~/server/payments/test-provider';
import { addDays, londonDate } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { ENDED_BY_DELETION } from './club-account';
import { asOfInstant } from './club-service';

// A member's Cookie Club when they delete their account or download their data, on
// the test payment provider and both databases. The Stripe path: club-stripe.test.ts.
let t: TestApp;
const today = londonDate(new Date());

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  await t.services.bakeDays.saveTemplate(everyDayTemplate({ horizonDays: 60 }));
});
afterAll(() => t.close());

const testCard = (cardNumber: string) => ({ cardNumber, expiry: '12 / 40', cvc: '123', name: 'Mary Smith' });
const subOf = async (id: string) =>
  (await t.services.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const deliveriesOf = (id: string) =>
  t.services.db
    .select()
    .from(clubDeliveries)
    .where(eq(clubDeliveries.subscriptionId, id))
    .orderBy(clubDeliveries.scheduledDate);
const orderOf = async (id: string) =>
  (await t.services.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** A member every 2 weeks from three days ahead, with `card` saved (its first box made and charged). */
async function member(card: string) {
  const user = await createUser(t);
  const product = await createProduct(t.services, { name: `Ginger ${Math.random()}`, pricePennies: 300 });
  const firstDate = addDays(today, 3);
  const res = await api(
    t,
    'POST',
    '/api/subscriptions/join',
    { product_id: product.id, quantity: 6, every_weeks: 2, first_date: firstDate },
    user.cookie,
  );
  const { subscriptionId, sessionId } = await res.json();
  expect((await api(t, 'POST', `/api/payments/test/cards/${sessionId}/save`, testCard(card))).status).toBe(
    200,
  );
  return { user, subscriptionId: subscriptionId as string, firstDate };
}

describe('deleting an account', () => {
  it('ends its Cookie Club: no further box is made or charged, the waiting box’s order is cancelled, the card detached', async () => {
    // Saved, then declined: the first box waits unpaid for a retry.
    const { user, subscriptionId, firstDate } = await member(TEST_CARDS.declinedLater);
    const [waiting] = await deliveriesOf(subscriptionId);
    expect(waiting).toMatchObject({ status: 'due' });
    expect((await orderOf(waiting!.orderId!)).status).toBe('pending');
    const { paymentMethodId, providerCustomerId, cardLabel } = await subOf(subscriptionId);

    expect(
      (await api(t, 'POST', '/api/account/delete', { password: user.password }, user.cookie)).status,
    ).toBe(200);

    expect(await subOf(subscriptionId)).toMatchObject({
      status: 'cancelled',
      paymentMethodId: null,
      cardLabel: null,
    });
    const [ended] = await deliveriesOf(subscriptionId);
    expect(ended).toMatchObject({ status: 'missed', lastError: ENDED_BY_DELETION });
    expect((await orderOf(waiting!.orderId!)).status).toBe('cancelled');
    // The retries and the next boxes come and go: nothing is made, nothing charged.
    for (const date of [
      addDays(today, 1),
      addDays(firstDate, 11),
      addDays(firstDate, 14),
      addDays(firstDate, 28),
    ])
      await t.services.subscriptions.runDue(asOfInstant(date));
    const after = await deliveriesOf(subscriptionId);
    expect(after).toHaveLength(1);
    expect(after[0]!.attempts).toBe(waiting!.attempts);
    // The provider no longer charges the card the member saved.
    const charge = await t.services.payments.provider.savedCards!.charge({
      card: { paymentMethodId: paymentMethodId!, customerId: providerCustomerId, label: cardLabel! },
      amountPennies: 100,
      idempotencyKey: `after-deletion-${subscriptionId}`,
      orderId: waiting!.orderId!,
      paymentReference: 'none',
      description: 'a charge after deletion',
    });
    expect(charge.ok).toBe(false);
  });
});

describe('Download my data', () => {
  it('holds the member’s subscriptions with their boxes, payments and history', async () => {
    const { user, subscriptionId, firstDate } = await member(TEST_CARDS.success);
    const res = await api(t, 'GET', '/api/account/export', undefined, user.cookie);
    expect(res.status).toBe(200);
    const data = (await res.json()) as AccountDataExport;
    const [sub] = data.subscriptions as {
      id: string;
      boxes: { box_date: string; status: string; total_pennies: number }[];
      payments: { paid_pennies: number }[];
      history: { action: string }[];
    }[];
    expect(sub).toMatchObject({ id: subscriptionId, every_weeks: 2, quantity: 6 });
    expect(sub!.boxes).toEqual([
      expect.objectContaining({ box_date: firstDate, status: 'paid', total_pennies: 2299 }),
    ]);
    expect(sub!.payments).toEqual([expect.objectContaining({ paid_pennies: 2299 })]);
    expect(sub!.history.map((h) => h.action)).toEqual(expect.arrayContaining(['joined', 'card_saved']));
  });
});
