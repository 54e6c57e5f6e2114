import { chromium } from '@playwright/test';
import { TOTP } from 'otpauth';
const base = 'http://127.0.0.1:5640';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
async function signedIn(ctx, email, password, totp) {
  const h = { origin: base };
  const r = await ctx.request.post(`${base}/api/auth/sign-in/email`, { data: { email, password }, headers: h });
  const j = await r.json();
  if (j.twoFactorRedirect) {
    const code = new TOTP({ secret: totp, digits: 6, period: 30 }).generate();
    const v = await ctx.request.post(`${base}/api/auth/two-factor/verify-totp`, { data: { code }, headers: h });
    if (!v.ok()) throw new Error('totp ' + v.status());
  }
}
const who = {
  admin: ['admin@shropshirecookies.example', 'admin-demo-2026', 'SHROPSHIRECOOKIESDEMOADMIN234567'],
  customer: ['customer@shropshirecookies.example', 'customer-demo-2026'],
  cafe: ['cafe@shropshirecookies.example', 'cafe-demo-2026'],
};
const pages = JSON.parse(process.argv[2]);
const ctxs = {};
for (const [role, path, name, widths = [390, 1366]] of pages) {
  for (const w of widths) {
    const key = `${role}-${w}`;
    if (!ctxs[key]) {
      ctxs[key] = await browser.newContext({ viewport: { width: w, height: 900 } });
      if (role !== 'anon') await signedIn(ctxs[key], ...who[role]);
    }
    const page = await ctxs[key].newPage();
    const res = await page.goto(base + path);
    await page.waitForLoadState('networkidle');
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    await page.screenshot({ path: `/tmp/shots/${name}-${w}.png`, fullPage: true });
    console.log(name, w, res?.status(), 'scrollWidth', sw, page.url());
    await page.close();
  }
}
await browser.close();
