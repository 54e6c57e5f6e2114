import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '~/server/auth/session-service';
import { emailOutbox, giftCardLedger, giftCards, orderPayments, orders } from '~/server/db/schema';
import {
  GIFT_CARD_ALPHABET,
  GIFT_CARD_REFUSALS,
  groupGiftCardCode,
} from '~/shared/gift-cards/gift-card-code';
import { cardPartOfRefunds, giftCardRefundLine } from '~/shared/gift-cards/gift-card-refund-texts';
import { summaryRows } from '~/shared/pricing/summary-rows';
import { createProduct } from '~/test/factories';
import { createCustomer } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { hashGiftCardCode } from './gift-card-codes';
import { balanceOf, holdForOrder, issueCard, planGiftCards } from './gift-card-ledger';

let t: TestApp;
const OWNER = { type: 'admin' as const, id: 'owner', name: 'Olive Owner' };
const card = { cardNumber: '4242424242424242', expiry: '12 / 40', cvc: '123', name: 'Mary Smith' };

beforeAll(async () => {
  t = await createTestApp({ env: { VAT_NUMBER: 'GB 123 4567 89', RATE_LIMITS: 'false' } });
});
afterAll(() => t.close());

async function newCard(pennies: number) {
  return t.services.db.transaction((tx) => issueCard(tx, { pennies, actor: OWNER, reason: 'Test card' }));
}

async function customer(): Promise<SessionUser> {
  const p = await createCustomer(t.services);
  return { id: p.id, email: p.email, name: p.fullName, role: 'customer' } as SessionUser;
}

/** A basket of one cookie at `pennies` (delivered: £4.99 delivery on top). */
async function basket(pennies: number, vatRate: 0 | 20 = 0) {
  const p = await createProduct(t.services, { pricePennies: pennies, vatRate });
  return [{ product_id: p.id, quantity: 1 }];
}

const balance = (id: string) => balanceOf(t.services.db, id);
const orderRow = async (id: string) =>
  (await t.services.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const ledgerOf = (cardId: string) =>
  t.services.db
    .select({ kind: giftCardLedger.kind, amount: giftCardLedger.amountPennies })
    .from(giftCardLedger)
    .where(eq(giftCardLedger.cardId, cardId))
    .orderBy(giftCardLedger.createdAt, giftCardLedger.id);

/** The text of the order's one e-mail of a kind. */
async function mailOf(orderId: string, kind: string) {
  const rows = await t.services.db
    .select({ text: emailOutbox.text })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), like(emailOutbox.text, `%/orders/${orderId}%`)));
  expect(rows).toHaveLength(1);
  return rows[0]!.text;
}

function refusalOf(err: unknown) {
  return (err as { message: string; fields?: Record<string, string> }).message;
}

describe('a gift card', () => {
  it('is issued with a readable code that is stored only as a hash, expiring in 24 months', async () => {
    const { card: row, code } = await newCard(2000);
    expect(code).toHaveLength(20);
    for (const ch of code) expect(GIFT_CARD_ALPHABET).toContain(ch);
    expect(groupGiftCardCode(code)).toMatch(/^(\w{4}-){4}\w{4}$/);
    const [stored] = await t.services.db.select().from(giftCards).where(eq(giftCards.id, row.id));
    expect(stored!.codeHash).toBe(hashGiftCardCode(code));
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored!.last4).toBe(code.slice(-4));
    const months =
      (stored!.expiresAt.getUTCFullYear() - stored!.createdAt.getUTCFullYear()) * 12 +
      stored!.expiresAt.getUTCMonth() -
      stored!.createdAt.getUTCMonth();
    expect(months).toBe(24);
    expect(await balance(row.id)).toBe(2000);
  });

  it('tells its balance for its code, typed any way, and the same for a wrong code as for an unknown one', async () => {
    const { code } = await newCard(1500);
    const typed = groupGiftCardCode(code).toLowerCase().replace(/-/g, ' ');
    expect(await t.services.giftCards.balance(typed, 'a')).toMatchObject({
      found: true,
      balance_pennies: 1500,
      last4: code.slice(-4),
    });
    const unknown = await t.services.giftCards.balance('2345-6789-ABCD-EFGH-JKMN', 'a');
    const malformed = await t.services.giftCards.balance('not a code', 'a');
    expect(unknown).toEqual({ found: false, message: GIFT_CARD_REFUSALS.invalid });
    expect(malformed).toEqual(unknown);
  });
});

describe('paying with a gift card at checkout', () => {
  it('pays part: the quote and the payment page show it, the card is held, then spent once paid', async () => {
    const { card: gc, code } = await newCard(1000);
    const user = await customer();
    const items = await basket(1500, 20);
    const quote = await t.services.checkout.quote(user, { items, gift_cards: [code] });
    expect(quote).toMatchObject({
      total_pennies: 1999,
      gift_cards: [{ last4: code.slice(-4), pennies: 1000 }],
      to_pay_pennies: 999,
    });
    const { orderId, sessionId } = await t.services.checkout.createCheckoutSession(user, {
      items,
      gift_cards: [groupGiftCardCode(code)],
    });
    expect((await orderRow(orderId)).giftCardPennies).toBe(1000);
    expect(await balance(gc.id)).toBe(0);
    const page = await t.services.payments.getTestPayment(sessionId);
    expect(page.totalPennies).toBe(999);
    expect(page.summary).toContainEqual({ label: 'Gift card', amount: '\u2212£10.00' });
    expect(page.summary).toContainEqual({ label: 'By card', amount: '£9.99', total: true });

    await t.services.payments.payTestSession(sessionId, card);
    const view = await t.services.orders.getForAdmin(orderId);
    expect(view.status).toBe('paid');
    expect(view.paid_pennies).toBe(1999);
    const paid = await t.services.db
      .select({ provider: orderPayments.provider, amount: orderPayments.amountPennies })
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId));
    expect(paid).toEqual(
      expect.arrayContaining([
        { provider: 'test', amount: 999 },
        { provider: 'gift_card', amount: 1000 },
      ]),
    );
    expect(paid).toHaveLength(2);
    // VAT is on the cookies and their delivery, whatever paid for them.
    expect(view.vat).toEqual([{ rate: 20, gross_pennies: 1999, vat_pennies: 333 }]);
    // Paying releases the hold and spends it in one go (rows of one statement: any order).
    expect((await ledgerOf(gc.id)).map((l) => `${l.kind} ${l.amount}`).sort()).toEqual([
      'held -1000',
      'issued 1000',
      'released 1000',
      'spent -1000',
    ]);
    expect(await balance(gc.id)).toBe(0);
  });

  it('pays the whole order: no card payment, paid at once', async () => {
    const { card: gc, code } = await newCard(5000);
    const user = await customer();
    const items = await basket(1200);
    const res = await t.services.checkout.createCheckoutSession(user, { items, gift_cards: [code] });
    expect(res.url).toContain('/checkout/success?session_id=');
    const view = await t.services.orders.getForAdmin(res.orderId);
    expect(view.status).toBe('paid');
    expect(view.paid_pennies).toBe(1699);
    expect(summaryRows(view)).toContainEqual({ label: 'By card', amount: '£0.00', total: true });
    expect(await balance(gc.id)).toBe(5000 - 1699);
    const success = await t.services.payments.reconcile(res.sessionId);
    expect(success).toMatchObject({ found: true, paid: true });
  });

  it('uses several cards on one order, in the order typed, and refuses a card twice', async () => {
    const a = await newCard(500);
    const b = await newCard(3000);
    const user = await customer();
    const items = await basket(1500);
    await expect(
      t.services.checkout.quote(user, { items, gift_cards: [a.code, a.code] }),
    ).rejects.toMatchObject({ message: GIFT_CARD_REFUSALS.repeated });
    const { orderId } = await t.services.checkout.createCheckoutSession(user, {
      items,
      gift_cards: [a.code, b.code],
    });
    expect((await orderRow(orderId)).status).toBe('paid');
    expect(await balance(a.card.id)).toBe(0);
    expect(await balance(b.card.id)).toBe(3000 - 1499);
  });

  it('refuses a wrong, empty, expired or void card with its reason and writes nothing', async () => {
    const user = await customer();
    const items = await basket(1000);
    const empty = await newCard(100);
    await t.services.checkout.createCheckoutSession(await customer(), {
      items: await basket(2000),
      gift_cards: [empty.code],
    });
    const expired = await newCard(1000);
    await t.services.db
      .update(giftCards)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(giftCards.id, expired.card.id));
    const voided = await newCard(1000);
    await t.services.giftCards.void(voided.card.id, { reason: 'Lost in the post' }, OWNER);
    for (const [code, message] of [
      ['2345-6789-ABCD-EFGH-JKMN', GIFT_CARD_REFUSALS.invalid],
      [empty.code, GIFT_CARD_REFUSALS.empty],
      [expired.code, GIFT_CARD_REFUSALS.expired],
      [voided.code, GIFT_CARD_REFUSALS.invalid],
    ] as const) {
      const err = await t.services.checkout
        .createCheckoutSession(user, { items, gift_cards: [code] })
        .catch((e: unknown) => e);
      expect(refusalOf(err)).toBe(message);
      expect((err as { fields: Record<string, string> }).fields.gift_cards).toBe(message);
    }
    const mine = await t.services.db.select().from(orders).where(eq(orders.profileId, user.id));
    expect(mine).toHaveLength(0);
  });

  it('gives the held amount back when the order expires unpaid or is cancelled', async () => {
    const { card: gc, code } = await newCard(1000);
    const user = await customer();
    const { orderId } = await t.services.checkout.createCheckoutSession(user, {
      items: await basket(2000),
      gift_cards: [code],
    });
    expect(await balance(gc.id)).toBe(0);
    await t.services.orders.sweepExpired(new Date(Date.now() + 24 * 3600_000));
    expect((await orderRow(orderId)).status).toBe('cancelled');
    expect(await balance(gc.id)).toBe(1000);

    const second = await t.services.checkout.createCheckoutSession(user, {
      items: await basket(2000),
      gift_cards: [code],
    });
    expect(await balance(gc.id)).toBe(0);
    await t.services.checkout.cancelPayment(user, second.orderId);
    expect(await balance(gc.id)).toBe(1000);
  });

  it('lets a customer who went back from the payment page pay again with the same card', async () => {
    const { card: gc, code } = await newCard(1000);
    const user = await customer();
    const items = await basket(2000);
    const first = await t.services.checkout.createCheckoutSession(user, { items, gift_cards: [code] });
    const again = await t.services.checkout.createCheckoutSession(user, { items, gift_cards: [code] });
    expect(again.orderId).not.toBe(first.orderId);
    expect((await orderRow(first.orderId)).status).toBe('cancelled');
    expect((await orderRow(again.orderId)).giftCardPennies).toBe(1000);
    expect(await balance(gc.id)).toBe(0);
  });
});

describe('refunding an order paid partly by gift card', () => {
  async function paidOrder(giftPennies: number, cookiePennies: number) {
    const gc = await newCard(giftPennies);
    const user = await customer();
    const { orderId, sessionId } = await t.services.checkout.createCheckoutSession(user, {
      items: await basket(cookiePennies),
      gift_cards: [gc.code],
    });
    await t.services.payments.payTestSession(sessionId, card);
    return { gc, orderId };
  }

  it('returns the gift-card part to the card first, then the rest to the bank card', async () => {
    const { gc, orderId } = await paidOrder(1000, 2000); // total 24.99: 10 by gift card, 14.99 by card
    await t.services.orders.refund(
      orderId,
      { amountPennies: 600, reason: 'Broken', requestKey: 'r1' },
      OWNER,
    );
    expect(await balance(gc.card.id)).toBe(600);
    const view = await t.services.orders.refund(
      orderId,
      { amountPennies: null, reason: 'Cancelled', requestKey: 'r2' },
      OWNER,
    );
    expect(await balance(gc.card.id)).toBe(1000);
    expect(view.refunded_pennies).toBe(2499);
    const rows = view.refunds.map((r) => r.amount_pennies).sort((a, b) => a - b);
    expect(rows).toEqual([400, 600, 1499]);
  });

  it('refunds to the bank card instead when the owner chooses, never more than the card paid', async () => {
    const { gc, orderId } = await paidOrder(1000, 2000);
    await expect(
      t.services.orders.refund(
        orderId,
        { amountPennies: 1500, reason: 'Customer asked', requestKey: 'b1', toBankCard: true },
        OWNER,
      ),
    ).rejects.toMatchObject({ message: 'You can refund at most £14.99 on this order.' });
    await t.services.orders.refund(
      orderId,
      { amountPennies: 1000, reason: 'Customer asked', requestKey: 'b2', toBankCard: true },
      OWNER,
    );
    expect(await balance(gc.card.id)).toBe(0);
    const [test] = await t.services.db
      .select()
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.provider, 'test')));
    expect(test!.amountPennies).toBe(1499);
  });

  it('a customer cancelling a paid order gets the gift-card part back on the card', async () => {
    const gc = await newCard(5000);
    const user = await customer();
    const { orderId } = await t.services.checkout.createCheckoutSession(user, {
      items: await basket(1000),
      gift_cards: [gc.code],
    });
    expect(await balance(gc.card.id)).toBe(5000 - 1499);
    await t.services.orders.cancelByCustomer(user.id, orderId, {
      type: 'customer',
      id: user.id,
      name: user.name,
    });
    expect(await balance(gc.card.id)).toBe(5000);
  });

  it('tells the customer the money went back on the gift card and its balance, on the order page and by e-mail', async () => {
    const gc = await newCard(5000);
    const user = await customer();
    const { orderId } = await t.services.checkout.createCheckoutSession(user, {
      items: await basket(1000),
      gift_cards: [gc.code],
    });
    const view = await t.services.orders.cancelByCustomer(user.id, orderId, {
      type: 'customer',
      id: user.id,
      name: user.name,
    });
    const last4 = gc.code.slice(-4);
    expect(view.gift_card_refunds).toEqual([{ last4, refunded_pennies: 1499, balance_pennies: 5000 }]);
    expect(giftCardRefundLine(view.gift_card_refunds[0]!)).toBe(
      `£14.99 went back on gift card •••• ${last4}, which now holds £50.00.`,
    );
    const cancelled = await mailOf(orderId, 'order-cancelled');
    expect(cancelled).toContain('The £14.99 paid by gift card goes back on your gift card');
    expect(cancelled).not.toContain('refunded to your card');
    const refunded = await mailOf(orderId, 'order-refunded');
    expect(refunded).toContain(
      `We have put £14.99 back on your gift card for order #${orderId.slice(0, 8)}.`,
    );
    expect(refunded).toContain(`Gift card •••• ${last4} now holds £50.00.`);
    expect(refunded).not.toContain('working days');
    expect(refunded).not.toContain('to your card');
  });

  it('says both parts when a refund goes partly to the gift card and partly to the bank card', async () => {
    const { gc, orderId } = await paidOrder(1000, 2000); // 10 by gift card, 14.99 by card
    await t.services.orders.refund(
      orderId,
      { amountPennies: null, reason: 'Broken', requestKey: 'both' },
      OWNER,
    );
    const refunded = await mailOf(orderId, 'order-refunded');
    expect(refunded).toContain(
      `We have refunded £24.99 for order #${orderId.slice(0, 8)}: £10.00 back on your gift card and £14.99 to your card.`,
    );
    expect(refunded).toContain(`Gift card •••• ${gc.code.slice(-4)} now holds £10.00.`);
    expect(refunded).toContain(
      'Refunds to a bank card usually reach your account within 5 to 10 working days.',
    );
    const view = await t.services.orders.getForAdmin(orderId);
    expect(view.gift_card_refunds).toEqual([
      { last4: gc.code.slice(-4), refunded_pennies: 1000, balance_pennies: 1000 },
    ]);
    expect(cardPartOfRefunds(view)).toBe(
      '£14.99 went back to your card (usually with you within 5 to 10 working days).',
    );
  });
});

describe('the owner', () => {
  it('issues, adjusts and voids cards with a reason, recorded as by whom, and sees the figures', async () => {
    const before = await t.services.giftCards.totals();
    const { card: c, code } = await t.services.giftCards.issueByHand(
      { amount: '25', reason: 'Replacement for a lost card' },
      OWNER,
    );
    expect(code).toHaveLength(20);
    await t.services.giftCards.adjust(c.id, { amount: '-5.50', reason: 'Sold in error' }, OWNER);
    await expect(
      t.services.giftCards.adjust(c.id, { amount: '-100', reason: 'Too much' }, OWNER),
    ).rejects.toMatchObject({ message: 'A card’s balance cannot go below £0.00.' });
    await expect(
      t.services.giftCards.adjust(c.id, { amount: '5', reason: ' ' }, OWNER),
    ).rejects.toMatchObject({
      message: 'Give a reason',
    });
    const { card: seen, ledger } = await t.services.giftCards.card(c.id);
    expect(seen.balance_pennies).toBe(1950);
    expect(ledger).toMatchObject([
      { kind: 'issued', amount_pennies: 2500, by: 'Olive Owner', reason: 'Replacement for a lost card' },
      { kind: 'adjusted', amount_pennies: -550, by: 'Olive Owner', reason: 'Sold in error' },
    ]);
    await t.services.giftCards.void(c.id, { reason: 'Reported stolen' }, OWNER);
    expect((await t.services.giftCards.card(c.id)).card).toMatchObject({
      status: 'void',
      balance_pennies: 0,
    });
    const after = await t.services.giftCards.totals();
    expect(after.issued_by_hand_pennies - before.issued_by_hand_pennies).toBe(2500);
    expect(after.outstanding_pennies - before.outstanding_pennies).toBe(0);
  });

  it('lists the cards newest first in the admin lists’ pages, with their balances', async () => {
    const { card: newest } = await t.services.giftCards.issueByHand(
      { amount: '12', reason: 'Goodwill' },
      OWNER,
    );
    const first = await t.services.giftCards.list(1);
    expect(first).toMatchObject({ page: 1, pageSize: 20 });
    expect(first.items[0]).toMatchObject({ id: newest.id, balance_pennies: 1200 });
    expect(first.pageCount).toBe(Math.max(1, Math.ceil(first.total / 20)));
    expect((await t.services.giftCards.list(first.pageCount + 1)).items).toEqual([]);
  });

  it('cards past 24 months expire: their balance leaves the liability as expired', async () => {
    const { card: c } = await newCard(800);
    const before = await t.services.giftCards.totals();
    await t.services.giftCards.expireDue(new Date(Date.now() + 25 * 31 * 24 * 3600_000));
    expect((await t.services.giftCards.card(c.id)).card).toMatchObject({
      status: 'expired',
      balance_pennies: 0,
    });
    const after = await t.services.giftCards.totals();
    expect(after.expired_pennies - before.expired_pennies).toBeGreaterThanOrEqual(800);
  });
});

describe('never spent twice', () => {
  it('20 transactions at once holding £3 of one £20 card: 6 hold, the rest find it used up', async () => {
    const { card: gc, code } = await newCard(2000);
    // The card's lock alone decides (no order, day or profile lock in the way).
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        t.services.db.transaction(async (tx) => {
          const plan = await planGiftCards(tx, [code], 300, true);
          await holdForOrder(tx, null as unknown as string, plan, OWNER);
          return plan.coveredPennies;
        }),
      ),
    );
    const held = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(held.sort((a, b) => b - a)).toEqual([300, 300, 300, 300, 300, 300, 200]);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .map((r) => refusalOf((r as PromiseRejectedResult).reason)),
    ).toEqual(Array(13).fill(GIFT_CARD_REFUSALS.empty));
    expect(await balance(gc.id)).toBe(0);
  });

  it('20 checkouts at once on one £20 card spend exactly £20', async () => {
    const { card: gc, code } = await newCard(2000);
    const users = await Promise.all(Array.from({ length: 20 }, () => customer()));
    const items = await basket(500); // £9.99 with delivery
    const results = await Promise.allSettled(
      users.map((u) => t.services.checkout.createCheckoutSession(u, { items, gift_cards: [code] })),
    );
    const placed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.orderId] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [refusalOf(r.reason)] : []));
    expect(refused.every((m) => m === GIFT_CARD_REFUSALS.empty)).toBe(true);
    const rows = await Promise.all(placed.map(orderRow));
    expect(rows.reduce((sum, o) => sum + o.giftCardPennies, 0)).toBe(2000);
    // £9.99 + £9.99 paid at once, the third £0.02 by gift card and the rest by card.
    expect(rows.map((o) => o.giftCardPennies).sort((a, b) => b - a)).toEqual([999, 999, 2]);
    expect(await balance(gc.id)).toBe(0);
  });

  it('one order using two cards while each is used elsewhere: no card goes below zero', async () => {
    const a = await newCard(1000);
    const b = await newCard(1000);
    const [both, onlyA, onlyB] = await Promise.all([customer(), customer(), customer()]);
    const items = await basket(1500); // £19.99
    const small = await basket(700);
    const results = await Promise.allSettled([
      t.services.checkout.createCheckoutSession(both, { items, gift_cards: [a.code, b.code] }),
      t.services.checkout.createCheckoutSession(onlyA, { items, gift_cards: [a.code] }),
      t.services.checkout.createCheckoutSession(onlyB, { items, gift_cards: [b.code] }),
      t.services.checkout.createCheckoutSession(both, { items: small, gift_cards: [b.code, a.code] }),
    ]);
    for (const r of results) {
      if (r.status === 'rejected') expect(refusalOf(r.reason)).toBe(GIFT_CARD_REFUSALS.empty);
    }
    expect(await balance(a.card.id)).toBeGreaterThanOrEqual(0);
    expect(await balance(b.card.id)).toBeGreaterThanOrEqual(0);
    const held = await t.services.db.select().from(giftCardLedger);
    const perCard = (id: string) =>
      held.filter((l) => l.cardId === id && l.kind !== 'issued').reduce((s, l) => s - l.amountPennies, 0);
    expect(perCard(a.card.id)).toBe(1000);
    expect(perCard(b.card.id)).toBe(1000);
  });
});
