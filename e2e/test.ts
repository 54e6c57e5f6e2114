import { type Browser, type BrowserContext, test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Journeys whose days depend on the date import `test` from here. When the date sweep has moved the
 * shop's clock (src/test/clock/shift-clock.mjs moves this runner's `Date` too), every browser
 * context is given the same time before it opens a page, so the pages, the server and the test agree
 * on "today". Without the sweep it is Playwright's own `test`, unchanged.
 */
const shifted = Number(process.env.SHOP_TEST_CLOCK_OFFSET_MS ?? 0) !== 0;

const installed = new WeakSet<BrowserContext>();

async function sameClock(context: BrowserContext) {
  if (!shifted || installed.has(context)) return;
  installed.add(context);
  await context.clock.install({ time: Date.now() });
}

function withSameClock(browser: Browser): Browser {
  if (!shifted) return browser;
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  return Object.assign(Object.create(browser) as Browser, {
    async newContext(...args: Parameters<Browser['newContext']>) {
      const context = await newContext(...args);
      await sameClock(context);
      return context;
    },
    async newPage(...args: Parameters<Browser['newPage']>) {
      const page = await newPage(...args);
      await sameClock(page.context());
      return page;
    },
  });
}

export const test = base.extend<object, { browser: Browser }>({
  browser: [async ({ browser }, use) => use(withSameClock(browser)), { scope: 'worker' }],
  context: async ({ context }, use) => {
    await sameClock(context);
    await use(context);
  },
});
