import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '~/server/db/schema';
import { api, signUpDetails } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
});
afterAll(() => t.close());

describe('sign-ups racing for one e-mail', () => {
  it('give one 201 and 409s, and one user with one profile', async () => {
    const details = signUpDetails();
    const statuses = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        // Some in other letter cases: still one address.
        const res = await api(t, 'POST', '/api/account/sign-up', {
          ...details,
          email: i % 2 ? details.email.toUpperCase() : details.email,
        });
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    const email = details.email.toLowerCase();
    const found = await t.services.db.select().from(users).where(eq(users.email, email));
    expect(found).toHaveLength(1);
    const [{ n } = { n: 0 }] = await t.services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(eq(profiles.email, email));
    expect(n).toBe(1);
  });
});
