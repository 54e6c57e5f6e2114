import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core on the page and returns the serious and critical violations, readable. */
export async function seriousViolations(page: Page) {
  // A toast still fading in is half transparent: axe would measure its contrast mid-way. Check the
  // page as a person reads it, once what moves has settled.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, {
      timeout: 5_000,
    })
    .catch(() => {});
  // Evaluated through the DevTools protocol: the page's Content-Security-Policy refuses an injected
  // <script>, and stays on while axe checks the page as visitors get it.
  await page.evaluate(`${axeSource};undefined`);
  const results = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return (results.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
