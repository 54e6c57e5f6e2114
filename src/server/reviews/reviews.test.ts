import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '~/server/db/schema';
import { SYSTEM } from '~/shared/orders/actor';
import { REVIEW_MESSAGES } from '~/shared/reviews/reviews';
import { createProduct } from '~/test/factories';
import { createCustomer, createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const reviews = () => t.services.reviews;
const messageOf = (err: unknown) => (err as { message?: string }).message;

/** A customer's paid order of a cookie and a gift card, on its way. */
async function shippedOrder() {
  const cookie = await createProduct(t.services, { name: `Oat ${Math.random().toString(36).slice(2, 7)}` });
  const profile = await createCustomer(t.services, { fullName: 'Sarah Jones' });
  const order = await createOrder(t.services, {
    profile,
    status: 'shipped',
    items: [{ productId: cookie.id, productName: cookie.name, quantity: 2 }],
  });
  const [line] = (await reviews().forOrder(profile.id, order.id)).lines;
  return { cookie, profile, order, itemId: line!.itemId };
}

async function delivered() {
  const made = await shippedOrder();
  await t.services.orders.setStatus(made.order.id, 'completed', SYSTEM);
  return made;
}

const invitesTo = (email: string) =>
  t.services.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'order-review-invite')));

describe('the invitation', () => {
  it('asks the buyer once, when the order is delivered, with a link to review its cookies', async () => {
    const { profile, order } = await shippedOrder();
    expect(await invitesTo(profile.email)).toHaveLength(0);
    await t.services.orders.setStatus(order.id, 'completed', SYSTEM);
    await t.services.orders.setStatus(order.id, 'completed', SYSTEM);
    const sent = await invitesTo(profile.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain('How were your cookies?');
    expect(sent[0]!.text).toContain(`http://shop.test/account/orders/${order.id}/review`);
  });
});

describe('a review', () => {
  it('is refused before the order is delivered, for someone else’s order, and for a line not on it', async () => {
    const { profile, order, itemId } = await shippedOrder();
    await expect(reviews().write(profile.id, order.id, itemId, { rating: 5 })).rejects.toSatisfy(
      (e) => messageOf(e) === REVIEW_MESSAGES.notYet,
    );
    await t.services.orders.setStatus(order.id, 'completed', SYSTEM);
    const stranger = await createCustomer(t.services);
    await expect(reviews().write(stranger.id, order.id, itemId, { rating: 5 })).rejects.toSatisfy(
      (e) => messageOf(e) === 'Order not found',
    );
    const other = await delivered();
    await expect(reviews().write(profile.id, order.id, other.itemId, { rating: 5 })).rejects.toSatisfy(
      (e) => messageOf(e) === REVIEW_MESSAGES.notBought,
    );
    expect((await reviews().forOrder(profile.id, order.id)).lines[0]!.review).toBeNull();
  });

  it('refuses a rating of 0 or 6, HTML and a comment too long, and changes nothing', async () => {
    const { profile, order, itemId } = await delivered();
    for (const [input, message] of [
      [{ rating: 0 }, REVIEW_MESSAGES.rating],
      [{ rating: 6 }, REVIEW_MESSAGES.rating],
      [{ rating: 4.5 }, REVIEW_MESSAGES.rating],
      [{ rating: 'lots' }, REVIEW_MESSAGES.rating],
      [{ rating: 5, comment: 'Lovely <script>alert(1)</script>' }, REVIEW_MESSAGES.html],
      [{ rating: 5, comment: 'x'.repeat(10_000) }, REVIEW_MESSAGES.tooLong],
    ] as const) {
      await expect(reviews().write(profile.id, order.id, itemId, input)).rejects.toSatisfy(
        (e) => messageOf(e) === message,
      );
    }
    expect((await reviews().forOrder(profile.id, order.id)).lines[0]!.review).toBeNull();
    // "5 > 4" is not HTML: a comparison is kept as written.
    await reviews().write(profile.id, order.id, itemId, { rating: 5, comment: 'Chewy 5 > crunchy 4' });
    expect((await reviews().forOrder(profile.id, order.id)).lines[0]!.review).toMatchObject({
      rating: 5,
      comment: 'Chewy 5 > crunchy 4',
      status: 'pending',
    });
  });

  it('is written once per order line, even when sent twice at once', async () => {
    const { profile, order, itemId } = await delivered();
    const tries = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        reviews().write(profile.id, order.id, itemId, { rating: 4, comment: 'Good' }),
      ),
    );
    expect(tries.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of tries.filter((r) => r.status === 'rejected'))
      expect(messageOf((r as PromiseRejectedResult).reason)).toBe(REVIEW_MESSAGES.already);
  });
});

describe('moderation', () => {
  it('shows only approved reviews, newest first, with an honest count of the hidden ones for the owner', async () => {
    const a = await delivered();
    const id1 = await reviews().write(a.profile.id, a.order.id, a.itemId, {
      rating: 5,
      comment: 'Best ever',
    });
    expect(await reviews().shownFor(a.cookie.id)).toEqual([]);
    expect(await reviews().summaryOf(a.cookie.id)).toBeNull();

    await reviews().moderate(id1, { action: 'approve' });
    // A second buyer of the same cookie.
    const profile = await createCustomer(t.services, { fullName: 'Tom Hughes' });
    const order = await createOrder(t.services, {
      profile,
      status: 'shipped',
      items: [{ productId: a.cookie.id, productName: a.cookie.name }],
    });
    await t.services.orders.setStatus(order.id, 'completed', SYSTEM);
    const [line] = (await reviews().forOrder(profile.id, order.id)).lines;
    const id2 = await reviews().write(profile.id, order.id, line!.itemId, {
      rating: 2,
      comment: 'Too sweet',
    });
    await reviews().moderate(id2, { action: 'approve' });
    expect(await reviews().summaryOf(a.cookie.id)).toEqual({ average: 3.5, count: 2 });
    const shown = await reviews().shownFor(a.cookie.id);
    expect(shown.map((r) => [r.author, r.comment])).toEqual([
      ['Tom', 'Too sweet'],
      ['Sarah', 'Best ever'],
    ]);

    await expect(reviews().moderate(id2, { action: 'hide', reason: '  ' })).rejects.toSatisfy(
      (e) => messageOf(e) === REVIEW_MESSAGES.reason,
    );
    await reviews().moderate(id2, { action: 'hide', reason: 'Names a member of staff' });
    expect(await reviews().summaryOf(a.cookie.id)).toEqual({ average: 5, count: 1 });
    const admin = await reviews().listForAdmin();
    expect(admin.find((r) => r.id === id2)).toMatchObject({
      status: 'hidden',
      hiddenReason: 'Names a member of staff',
      comment: 'Too sweet',
    });
    expect((await reviews().countsByStatus()).hidden).toBeGreaterThanOrEqual(1);

    await reviews().moderate(id1, { action: 'reply', reply: 'Thank you, Sarah!' });
    const [kept] = await reviews().shownFor(a.cookie.id);
    expect(kept).toMatchObject({ comment: 'Best ever', rating: 5, reply: 'Thank you, Sarah!' });
  });
});
