import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClientBuild } from '~/server/load-build';
import { createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// The owner's gift card page through the real React Router build, as a browser reaches it.
let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) });
  adminCookie = (await createUser(t, { admin: true })).cookie;
});
afterAll(() => t.close());

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';
const ODD_IDS = [UNKNOWN, '-'.repeat(36), 'not-a-card'];

const page = (url: string) => t.app.request(`${t.origin}${url}`, { headers: { cookie: adminCookie } });
const post = (url: string, body: Record<string, string>) =>
  t.app.request(`${t.origin}${url}`, {
    method: 'POST',
    headers: { origin: t.origin, 'content-type': 'application/x-www-form-urlencoded', cookie: adminCookie },
    body: new URLSearchParams(body).toString(),
  });

describe('an odd gift card id', () => {
  it.each(ODD_IDS)('opens the 404 page: %s', async (id) => {
    const res = await page(`/admin/gift-cards/${id}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('This admin page does not exist.');
  });

  it.each(ODD_IDS)('is refused as not found when voided or adjusted: %s', async (id) => {
    for (const body of <Record<string, string>[]>[
      { intent: 'void', reason: 'Lost' },
      { intent: 'adjust', amount: '5', reason: 'Goodwill' },
    ]) {
      const res = await post(`/admin/gift-cards/${id}`, body);
      expect(res.status).toBe(404);
    }
  });
});
