/**
 * npm run build: builds the app with React Router (Vite), compiles the shop's server for plain
 * `node` (scripts/lib/bundle-server.ts), checks the storefront's JavaScript budget and prints a
 * short summary; the full Vite output only with --verbose or when the build fails. Records the
 * inputs' hash in the build folder so `npm start` can reuse the build.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildSettings, hashBuildInputs, recordInputs, SHOP_SERVER_ENTRY } from './lib/build-inputs';
import { bundleServer } from './lib/bundle-server';
import { BUDGET_BYTES, formatRouteBundle, measureStorefrontJs } from './lib/bundle-size';

const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR || 'build');
const verbose = process.argv.includes('--verbose');

/**
 * React Router 7 starts its inner Vite servers with `envFile: false`, which Vite 8 reports as
 * deprecated once per server (seven times a build). It is their code, fixed in React Router 8
 * (which needs Node 22), and harmless: the line is dropped from what we show.
 */
const NOISE = /^The `envFile` option is deprecated/;

const started = Date.now();
const inputs = await hashBuildInputs(root, buildSettings(buildDir, process.env.NODE_ENV));
recordInputs(buildDir, null);

// The package exports only its package.json, not its CLI file: find the CLI beside it.
const cli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@react-router/dev/package.json')),
  'bin.js',
);
const result = spawnSync(process.execPath, [cli, 'build'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
  env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
});
const output = `${result.stdout ?? ''}${result.stderr ?? ''}`
  .split('\n')
  .filter((line) => !NOISE.test(line))
  .join('\n');
if (result.status !== 0) {
  console.error(output);
  console.error(`Build failed (react-router build exited with ${result.status ?? result.signal}).`);
  process.exit(1);
}
if (verbose) console.log(output);
await bundleServer(root, buildDir);

const bundles = await measureStorefrontJs(buildDir);
const clientFiles = readdirSync(path.join(buildDir, 'client'), {
  recursive: true,
  withFileTypes: true,
}).filter((e) => e.isFile());
const clientBytes = clientFiles.reduce((sum, e) => sum + statSync(path.join(e.parentPath, e.name)).size, 0);
const heaviest = Math.max(...bundles.map((b) => b.bytes));
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `Built in ${seconds} s into ${path.relative(root, buildDir) || '.'}/: ${clientFiles.length} files for the browser ` +
    `(${(clientBytes / 1024 / 1024).toFixed(1)} MB); storefront JavaScript at most ` +
    `${(heaviest / 1024).toFixed(1)} KB gzip per page (budget ${BUDGET_BYTES / 1024} KB); the server in ` +
    `${path.relative(root, path.join(buildDir, SHOP_SERVER_ENTRY))}.`,
);
if (verbose || bundles.some((b) => !b.ok)) for (const b of bundles) console.log(formatRouteBundle(b));
if (bundles.some((b) => !b.ok)) {
  console.error('Storefront JavaScript is over budget (or includes admin code).');
  process.exit(1);
}
recordInputs(buildDir, inputs);
