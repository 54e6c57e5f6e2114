import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '~/server/db/schema';
import { loadClientBuild } from '~/server/load-build';
import { createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// Pages rendered by the real build (run `npm run build` first) given input that used to give 500s.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    build: await loadClientBuild(process.env.BUILD_DIR),
    env: { RATE_LIMITS: 'false' },
  });
});
afterAll(() => t?.close());

describe('/auth?redirectTo= for someone signed in', () => {
  it('sends a non-Latin path on, encoded', async () => {
    const { cookie } = await createUser(t);
    const res = await t.app.request('/auth?redirectTo=%2F%E2%82%ACuro', { headers: { cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/%E2%82%ACuro');
  });

  it('falls back to /account for a path that would leave the site', async () => {
    const { cookie } = await createUser(t);
    const res = await t.app.request('/auth?redirectTo=%2F%5C%E2%82%ACvil.example', { headers: { cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/account');
  });
});

describe('the contact page action', () => {
  it('answers a NUL in the message with the form error, and keeps nothing', async () => {
    const [before] = await t.services.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
    const form = new URLSearchParams({ name: 'Ann', email: 'ann@example.com', message: 'Hi\u0000' });
    const res = await t.app.request(`${t.origin}/contact`, {
      method: 'POST',
      headers: { origin: t.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expect(res.status).toBe(400);
    const [after] = await t.services.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
    expect(after!.n).toBe(before!.n);
  });
});
