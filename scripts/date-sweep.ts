/**
 * The date sweep: runs the date-sensitive tests with the shop's clock set to each of
 * `sweepDates` (scripts/lib/sweep-dates.ts): the service tests on the embedded database, then the
 * journeys in Chromium against the shop started as `npm start` starts it. The clock is moved by
 * src/test/clock/shift-clock.mjs, loaded through NODE_OPTIONS into the test runners, the shop and
 * its database thread, so all of them share one "now". PostgreSQL keeps its own clock, so the
 * sweep runs on the embedded database only; the date rules are the same TypeScript on both.
 *
 * `npm run test:dates` runs it (`.ci/run` does, after `npm test`); `-- --only e2e` or `-- --only unit`
 * runs one half, `-- --dates 3` only the first three dates, `-- --match Sunday` those whose label has it.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sweepDates } from './lib/sweep-dates';

const root = path.resolve(import.meta.dirname, '..');
const clock = path.join(root, 'src/test/clock/shift-clock.mjs');

/** The service and unit tests whose rules turn on the date. */
const SERVICE_TESTS = [
  'src/shared/bake-days',
  'src/shared/limited',
  'src/shared/delivery-zones',
  'src/server/bake-days/bake-days.test.ts',
  'src/server/bake-days/checkout-days.test.ts',
  'src/server/delivery-zones/zones-checkout.test.ts',
  'src/server/limited',
  'src/server/club/club.test.ts',
  'src/server/gift-cards/gift-cards.test.ts',
  'src/server/backup/backup-schedule.test.ts',
];

/**
 * The journeys whose days come from the date: their files, and their titles' beginnings. The zones'
 * and the Cookie Club's journeys are left to the service tests above: two cores cannot run more
 * journeys for 13 dates within CI's time.
 */
const JOURNEY_FILES = [
  'e2e/bake-days.spec.ts',
  'e2e/checkout-payment-cancel.spec.ts',
  'e2e/limited-products.spec.ts',
  'e2e/dispatch.spec.ts',
];
const JOURNEY_TITLES = [
  'the owner closes a date and lowers a capacity',
  'Cancel on the payment page cancels the order',
  'the day picker lists the next few days',
  'a seasonal product: its dates at checkout',
  'a posted order: its dispatch day.*\\(phone\\)',
];
const JOURNEYS = [...JOURNEY_FILES, '--grep', JOURNEY_TITLES.join('|')];

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const only = arg('only');
const dates = sweepDates(new Date())
  .filter((d) => d.label.includes(arg('match') ?? ''))
  .slice(0, Number(arg('dates') ?? Number.POSITIVE_INFINITY));

function run(label: string, command: string, args: string[], offset: number): boolean {
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      SHOP_TEST_CLOCK_OFFSET_MS: String(offset),
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${clock}`.trim(),
      // The sweep is the embedded database's: PostgreSQL's now() cannot be moved.
      TEST_DATABASE_URL: '',
    },
  });
  const ok = result.status === 0;
  console.log(
    `date sweep: ${label}: ${ok ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return ok;
}

if (dates.length === 0) {
  console.error('date sweep: no date matches');
  process.exit(1);
}

const failed: string[] = [];
for (const date of dates) {
  console.log(`\ndate sweep: the shop's clock at ${date.label} (${date.at.toISOString()})`);
  // Worked out once per date and shared by every process, so they agree to the millisecond.
  const offset = date.at.getTime() - Date.now();
  const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
  if (
    only !== 'e2e' &&
    !run(
      `${date.label}, service tests`,
      bin('vitest'),
      ['run', '--project', 'unit', '--project', 'server-pglite', ...SERVICE_TESTS],
      offset,
    )
  )
    failed.push(`${date.label} (service tests)`);
  if (only !== 'unit' && !run(`${date.label}, journeys`, bin('playwright'), ['test', ...JOURNEYS], offset))
    failed.push(`${date.label} (journeys)`);
}

if (failed.length) {
  console.error(`\ndate sweep: failed on ${failed.length}:\n  ${failed.join('\n  ')}`);
  process.exit(1);
}
console.log(`\ndate sweep: every date passed (${dates.length} dates)`);
