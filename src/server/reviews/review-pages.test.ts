import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, productReviews } from '~/server/db/schema';
import { loadClientBuild } from '~/server/load-build';
import { REVIEWS_PAGE_SIZE } from '~/shared/reviews/reviews';
import { createProduct } from '~/test/factories';
import { createCustomer, createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// Rendered by the real build (run `npm run build` first).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) });
});
afterAll(() => t?.close());

describe('a product’s reviews page', () => {
  it('shows the reviews a page at a time, newest first, with links between the pages', async () => {
    const cookie = await createProduct(t.services, { name: 'Much Reviewed Oat' });
    const profile = await createCustomer(t.services, { fullName: 'Rhiannon Evans' });
    const order = await createOrder(t.services, {
      profile,
      status: 'completed',
      items: Array.from({ length: REVIEWS_PAGE_SIZE + 3 }, () => ({
        productId: cookie.id,
        productName: cookie.name,
      })),
    });
    const lines = await t.services.db.select({ id: orderItems.id }).from(orderItems);
    const mine = lines.slice(-(REVIEWS_PAGE_SIZE + 3));
    // Approved reviews written a minute apart: "Review 0" the oldest.
    await t.services.db.insert(productReviews).values(
      mine.map((l, i) => ({
        orderItemId: l.id,
        productId: cookie.id,
        profileId: profile.id,
        authorName: 'Rhiannon',
        rating: 5,
        comment: `Review ${i} of ${order.id.slice(0, 4)}`,
        status: 'approved' as const,
        createdAt: new Date(Date.UTC(2026, 10, 1, 12, i)),
      })),
    );
    await t.services.catalogVersion.recordChange(t.services.db);
    t.services.catalogVersion.invalidate();

    const path = `/product/${cookie.id}/reviews`;
    // The page's text, without React's markers between text and values.
    const text = async (url: string) => (await (await t.app.request(url)).text()).replaceAll('<!-- -->', '');
    const first = await text(path);
    expect(first).toContain(`Review ${REVIEWS_PAGE_SIZE + 2} of`);
    expect(first).toContain('Review 3 of');
    expect(first).not.toContain('Review 2 of');
    expect(first).toContain('Page 1 of 2');
    expect(first).toContain(`href="${path}?page=2"`);

    const second = await text(`${path}?page=2`);
    expect(second).toMatch(/Review 2 of.*Review 1 of.*Review 0 of/s);
    expect(second).not.toContain('Review 3 of');
    // A page past the last shows the last; nonsense shows the first.
    expect(await text(`${path}?page=9`)).toContain('Page 2 of 2');
    expect(await text(`${path}?page=x`)).toContain('Page 1 of 2');
  });
});
