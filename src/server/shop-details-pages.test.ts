import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClientBuild } from '~/server/load-build';
import { createTestApp, type TestApp } from '~/test/test-app';

// The footer and contact page as rendered by the real build (run `npm run build` first) with the
// optional shop details configured. The e2e suite checks the unconfigured shop in a browser.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    build: await loadClientBuild(process.env.BUILD_DIR),
    env: {
      SHOP_PHONE: '01743 123456',
      SHOP_ADDRESS: '1 High Street, Ludlow SY8 1AA',
      SHOP_INSTAGRAM_URL: 'https://www.instagram.com/shropshirecookies',
      SHOP_FACEBOOK_URL: 'https://www.facebook.com/shropshirecookies',
    },
  });
});
afterAll(() => t?.close());

const footerOf = async (path: string) => {
  const html = await (await t.app.request(path)).text();
  return html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
};

describe('configured shop details', () => {
  it('put the social links, phone and postal address in the footer', async () => {
    const footer = await footerOf('/');
    expect(footer).toMatch(
      /<a href="https:\/\/www.instagram.com\/shropshirecookies"[^>]*aria-label="[^"]+ on Instagram"/,
    );
    expect(footer).toMatch(
      /<a href="https:\/\/www.facebook.com\/shropshirecookies"[^>]*aria-label="[^"]+ on Facebook"/,
    );
    expect(footer).toContain('href="tel:01743123456"');
    expect(footer).toContain('1 High Street, Ludlow SY8 1AA');
    expect(footer).not.toContain('href="#"');
  });

  it('show the phone and the address on the contact page', async () => {
    const html = await (await t.app.request('/contact')).text();
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).toContain('01743 123456');
    expect(main).toContain('Available during business hours');
    expect(main).toContain('1 High Street, Ludlow SY8 1AA');
  });
});
