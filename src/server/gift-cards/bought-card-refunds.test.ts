import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '~/server/auth/session-service';
import { emailOutbox, giftCardLedger, giftCards } from '~/server/db/schema';
import { GIFT_CARD_REFUSALS } from '~/shared/gift-cards/gift-card-code';
import { londonDate } from '~/shared/time/london-time';
import { TEST_CARD } from '~/test/checkout';
import { createProduct } from '~/test/factories';
import { createCustomer } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { balanceOf } from './gift-card-ledger';

let t: TestApp;
let giftCardProductId: string;
const OWNER = { type: 'admin' as const, id: 'owner', name: 'Olive Owner' };

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  const p = await createProduct(t.services, { name: 'Gift card', pricePennies: 1000, kind: 'gift_card' });
  giftCardProductId = p.id;
});
afterAll(() => t.close());

async function customer(): Promise<SessionUser> {
  const p = await createCustomer(t.services);
  return { id: p.id, email: p.email, name: p.fullName, role: 'customer' } as SessionUser;
}

let seq = 0;
/** A paid order of `quantity` cards of `pennies`, and each card with the code its e-mail carries. */
async function boughtCards(pennies: number, quantity = 1) {
  const buyer = await customer();
  const to = `refund-${Date.now()}-${seq++}@example.com`;
  const { orderId, sessionId } = await t.services.checkout.createCheckoutSession(buyer, {
    items: [
      {
        product_id: giftCardProductId,
        quantity,
        gift_card: {
          amount_pennies: pennies,
          recipient_name: 'Rosie',
          recipient_email: to,
          message: '',
          send_on: londonDate(new Date()),
        },
      },
    ],
  });
  await t.services.payments.payTestSession(sessionId, TEST_CARD);
  const cards = await t.services.db.select().from(giftCards).where(eq(giftCards.orderId, orderId));
  const mails = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  const codeOf = (cardId: string) =>
    /code: ([A-Z0-9-]{24})/.exec(mails.find((m) => m.dedupeKey === `gift-card:${cardId}`)!.text)![1]!;
  return { orderId, cards: cards.map((c) => ({ id: c.id, code: codeOf(c.id) })) };
}

const refund = (orderId: string, amountPennies: number | null, key = `k-${seq++}`) =>
  t.services.orders.refund(orderId, { amountPennies, reason: 'Changed their mind', requestKey: key }, OWNER);
const cardRow = async (id: string) =>
  (await t.services.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]!;
const ledgerReasons = async (id: string) =>
  (
    await t.services.db
      .select()
      .from(giftCardLedger)
      .where(eq(giftCardLedger.cardId, id))
      .orderBy(giftCardLedger.createdAt, giftCardLedger.id)
  ).map((l) => `${l.kind} ${l.amountPennies} ${l.reason ?? ''}`.trim());
/** A cookie order the card pays (in full when its balance covers the £4.99 delivery and the cookie). */
async function spend(code: string, cookiePennies: number) {
  const p = await createProduct(t.services, { pricePennies: cookiePennies });
  return t.services.checkout.createCheckoutSession(await customer(), {
    items: [{ product_id: p.id, quantity: 1 }],
    gift_cards: [code],
  });
}

describe('refunding a gift card purchase', () => {
  it('in full voids the card: its ledger says so and its code no longer pays', async () => {
    const { orderId, cards } = await boughtCards(3000);
    const [c] = cards;
    await refund(orderId, null);
    expect((await t.services.orders.getForAdmin(orderId)).refunded_pennies).toBe(3000);
    expect((await cardRow(c!.id)).status).toBe('void');
    expect(await balanceOf(t.services.db, c!.id)).toBe(0);
    expect(await ledgerReasons(c!.id)).toContain(
      'adjusted -3000 Purchase refunded, card voided: Changed their mind',
    );
    await expect(spend(c!.code, 500)).rejects.toThrow(GIFT_CARD_REFUSALS.invalid);
    expect(await t.services.giftCards.balance(c!.code, 'x')).toMatchObject({ found: false });
  });

  it('in part leaves spendable only what was not refunded', async () => {
    const { orderId, cards } = await boughtCards(2000, 2);
    await refund(orderId, 2500);
    const balances = await Promise.all(cards.map((c) => balanceOf(t.services.db, c.id)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(1500);
    const statuses = await Promise.all(cards.map(async (c) => (await cardRow(c.id)).status));
    expect([...statuses].sort()).toEqual(['active', 'void']);
    // What is left is still spendable, and no more.
    const left = cards[statuses.indexOf('active')]!;
    expect(await t.services.giftCards.balance(left.code, 'x')).toMatchObject({ balance_pennies: 1500 });
  });

  it('of a card already partly spent is refused beyond its balance', async () => {
    const { orderId, cards } = await boughtCards(3000);
    const [c] = cards;
    await spend(c!.code, 1200); // £12.00 + £4.99 delivery, paid by the card in full
    expect(await balanceOf(t.services.db, c!.id)).toBe(3000 - 1699);
    await expect(refund(orderId, 3000)).rejects.toThrow(
      'The gift cards on this order have £13.01 left on them: you can refund at most £13.01.',
    );
    await expect(refund(orderId, null)).resolves.toMatchObject({ refunded_pennies: 1301 });
    expect((await cardRow(c!.id)).status).toBe('void');
    expect(await balanceOf(t.services.db, c!.id)).toBe(0);
    await expect(refund(orderId, 100)).rejects.toThrow(/nothing to refund/);
    expect((await t.services.orders.getForAdmin(orderId)).refunded_pennies).toBe(1301);
  });

  it('races with the card being spent: the money goes back once, never as well as spent', async () => {
    const { orderId, cards } = await boughtCards(3000);
    const [c] = cards;
    const outcomes = await Promise.allSettled([
      refund(orderId, null, 'a'),
      spend(c!.code, 2000),
      refund(orderId, null, 'b'),
      spend(c!.code, 2000),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThan(0);
    const refunded = (await t.services.orders.getForAdmin(orderId)).refunded_pennies;
    const ledger = await t.services.db.select().from(giftCardLedger).where(eq(giftCardLedger.cardId, c!.id));
    const sum = (kinds: string[]) =>
      -ledger.filter((l) => kinds.includes(l.kind)).reduce((a, l) => a + l.amountPennies, 0);
    // The card's £30 went back to the buyer or on cookies (paid or held), and no penny both ways.
    expect(refunded).toBe(sum(['adjusted']));
    expect(refunded + sum(['held', 'released', 'spent'])).toBeLessThanOrEqual(3000);
    expect(await balanceOf(t.services.db, c!.id)).toBeGreaterThanOrEqual(0);
  });
});
