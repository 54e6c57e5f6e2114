import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRole, safeRedirect, signIn, signUp } from './auth-client';

describe('safeRedirect', () => {
  it.each([
    ['/checkout', '/checkout'],
    ['/product/abc?x=1#top', '/product/abc?x=1#top'],
    [null, '/account'],
    ['', '/account'],
    ['checkout', '/account'],
    ['https://evil.example/', '/account'],
    ['//evil.example', '/account'],
    ['/\\evil.example', '/account'],
    ['/\t/evil.example', '/account'],
    ['/auth', '/account'],
    ['/auth?redirectTo=/auth', '/account'],
    // Non-Latin paths come back encoded, so the Location header can carry them.
    ['/€uro', '/%E2%82%ACuro'],
    ['/product/café?q=ünï#böx', '/product/caf%C3%A9?q=%C3%BCn%C3%AF#b%C3%B6x'],
    ['/a\u0000b', '/account'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('%j -> %j', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

/** Addresses that a browser resolves to another site once normalised, as an attacker sends them. */
const LEAVES_THE_SITE = [
  '/..//evil.example',
  '/./\\/evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/.%2e//evil.example',
  '/%2e//evil.example',
  '/a/../..//evil.example',
  '/./../../..//evil.example/path?q=1',
  '/.//evil.example',
  '/.\\/evil.example',
  '/..\\\\evil.example',
  '/\\/evil.example',
  '/\\\\evil.example',
  '///evil.example',
  '//evil.example/%2e%2e',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/\u000b/evil.example',
  ' /evil.example',
  '\t//evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'https://evil.example',
  'http:evil.example',
  'https:/evil.example',
  '//user@evil.example',
  '%2F%2Fevil.example',
  'evil.example',
];

describe('safeRedirect never leaves the site', () => {
  it.each(LEAVES_THE_SITE)('%j -> /account', (input) => {
    expect(safeRedirect(input)).toBe('/account');
  });

  it.each([
    // Dot segments that stay on the site are resolved, as the browser would.
    ['/shop/../account', '/account'],
    ['/%2e%2e/checkout', '/checkout'],
    ['/./shop', '/shop'],
    // Encoded slashes and backslashes stay encoded: a browser keeps them as part of one segment.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%5C%5Cevil.example', '/%5C%5Cevil.example'],
    // A scheme-like text inside a path is only a path.
    ['/javascript:alert(1)', '/javascript:alert(1)'],
    ['/shop?next=//evil.example', '/shop?next=//evil.example'],
  ])('%j -> %j', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe('auth calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status }));

  it("passes on better-auth's message", async () => {
    vi.stubGlobal(
      'fetch',
      answer(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }),
    );
    expect(await signIn('a@b.co', 'x')).toEqual({ ok: false, message: 'Invalid email or password' });
  });

  it("passes on our API's message", async () => {
    vi.stubGlobal('fetch', answer(409, { error: { code: 'conflict', message: 'Taken' } }));
    expect(await signUp({} as never)).toEqual({ ok: false, message: 'Taken' });
  });

  it('falls back to the documented wording (docs/rules/shop-pages.md) when there is no message or no answer', async () => {
    vi.stubGlobal('fetch', answer(500, 'oops'));
    expect(await signUp({} as never)).toEqual({ ok: false, message: 'Failed to create account' });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await signIn('a@b.co', 'x')).toEqual({ ok: false, message: 'Failed to sign in' });
  });

  it('reads the role, null when signed out', async () => {
    vi.stubGlobal('fetch', answer(200, { role: 'admin' }));
    expect(await fetchRole()).toBe('admin');
    vi.stubGlobal('fetch', answer(401, { error: { message: 'Please sign in' } }));
    expect(await fetchRole()).toBeNull();
  });
});
