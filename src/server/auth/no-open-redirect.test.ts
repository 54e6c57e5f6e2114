import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClientBuild } from '~/server/load-build';
import { createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// Where the shop sends someone after signing in, through the real build (run `npm run build` first):
// the page (/auth) and its data request (/auth.data, what the browser fetches on a client-side
// navigation), which carries the redirect in its body rather than in Location.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({
    build: await loadClientBuild(process.env.BUILD_DIR),
    env: { RATE_LIMITS: 'false' },
  });
  ({ cookie } = await createUser(t));
});
afterAll(() => t?.close());

/** `redirectTo` values as an attacker writes them into a link, already percent-encoded where a link would be. */
const TRICKS = [
  '/..//evil.example',
  '/./\\/evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/.%2e//evil.example',
  '/a/../..//evil.example',
  '/.//evil.example',
  '/\\/evil.example',
  '/\\\\evil.example',
  '//evil.example',
  '///evil.example',
  'javascript:alert(1)',
  'https://evil.example/',
  'https:evil.example',
  '//user@evil.example',
];

const signedInGet = (path: string) => t.app.request(path, { headers: { cookie } });

describe('signed in, /auth?redirectTo= never sends anyone to another site', () => {
  it.each(TRICKS)('%j: the page answers 302 to /account', async (trick) => {
    const res = await signedInGet(`/auth?redirectTo=${encodeURIComponent(trick)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/account');
  });

  it.each(TRICKS)('%j: the data request redirects to /account', async (trick) => {
    const res = await signedInGet(`/auth.data?redirectTo=${encodeURIComponent(trick)}`);
    const body = await res.text();
    expect(res.headers.get('location')).toBeNull();
    expect(body).toContain('"/account"');
    expect(body).not.toContain('evil');
  });

  it.each(['/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example'])(
    '%j (browsers drop tabs and newlines): refused before any page is drawn',
    async (trick) => {
      for (const path of ['/auth', '/auth.data']) {
        const res = await signedInGet(`${path}?redirectTo=${encodeURIComponent(trick)}`);
        expect(res.status).toBe(400);
        expect(res.headers.get('location')).toBeNull();
        expect(await res.text()).not.toContain('evil');
      }
    },
  );

  it('the same tricks sent raw (unencoded dots and slashes in the query) go to /account too', async () => {
    for (const raw of ['/..//evil.example', '/%2e%2e//evil.example', '/./%5C/evil.example']) {
      const page = await signedInGet(`/auth?redirectTo=${raw}`);
      expect(page.headers.get('location'), raw).toBe('/account');
      const data = await (await signedInGet(`/auth.data?redirectTo=${raw}`)).text();
      expect(data, raw).not.toContain('evil');
    }
  });

  it('a path on the site is kept, page and data request alike', async () => {
    const page = await signedInGet(`/auth?redirectTo=${encodeURIComponent('/shop/../checkout?step=1')}`);
    expect(page.headers.get('location')).toBe('/checkout?step=1');
    const data = await (await signedInGet(`/auth.data?redirectTo=${encodeURIComponent('/checkout')}`)).text();
    expect(data).toContain('"/checkout"');
  });
});

describe("better-auth's own redirects", () => {
  it.each([
    '//evil.example',
    '/..//evil.example',
    'https://evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
  ])('the reset link callback with callbackURL=%j stays on the shop', async (trick) => {
    const res = await t.app.request(
      `/api/auth/reset-password/some-token?callbackURL=${encodeURIComponent(trick)}`,
    );
    const location = res.headers.get('location');
    // Refused outright, or sent to an address on the shop itself (better-auth makes it absolute).
    if (location !== null) expect(new URL(location, t.origin).origin).toBe(t.origin);
    else expect(res.status).toBeGreaterThanOrEqual(400);
  });
});
