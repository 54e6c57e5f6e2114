/**
 * node --import tsx bench/profile-layers.ts PROFILE.cpuprofile [REQUESTS] — where a server's CPU
 * went, by layer (PGlite, React, React Router, Hono, better-auth, drizzle, the shop's own code,
 * Node's HTTP, zlib, GC ...), summing each function's self time by the file it lives in. With
 * REQUESTS (how many pages the profile served) it also prints ms per page. The profiles come from
 * `BENCH_CPU_PROF=dir npm run bench:visitors` (or bench:checkout). Asserts nothing.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** First match wins: a file's layer by its path (packages by name, then ours, then Node's). */
const LAYERS: [string, RegExp][] = [
  ['PGlite', /@electric-sql\/pglite/],
  ['React (react-dom render)', /\/react-dom\//],
  ['React (other)', /\/react\//],
  ['React Router', /\/react-router\/|@react-router\//],
  ['Hono', /\/hono\/|@hono\//],
  ['better-auth', /better-auth|better-call|@better-auth/],
  ['drizzle', /drizzle-orm/],
  ['pg driver', /\/pg\/|pg-protocol|pg-pool|pg-types/],
  ['pino', /pino|sonic-boom/],
  ['other packages', /node_modules/],
  ['shop: route modules (build/server)', /\/build\/server\//],
  ['shop: server (build/shop-server)', /shop-server/],
  [
    'Node: http',
    /node:_http|node:http|_http_|node:net|node:internal\/http|internal\/stream_base|node:internal\/net/,
  ],
  ['Node: zlib', /zlib/],
  ['Node: web streams', /internal\/webstreams|internal\/streams|node:stream/],
  ['Node: fetch/undici', /undici|internal\/deps\/undici/],
  ['Node: crypto', /crypto/],
  ['Node: other', /^node:|internal\//],
];

export function layerOf(node: Node): string {
  const { url, functionName } = node.callFrame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8 / native (program)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  return LAYERS.find(([, test]) => test.test(url))?.[0] ?? `other: ${url}`;
}

const [file, requestsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: bench/profile-layers.ts PROFILE.cpuprofile [REQUESTS]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const layerMs = new Map<string, number>();
const fnMs = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const node = byId.get(id)!;
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  const layer = layerOf(node);
  layerMs.set(layer, (layerMs.get(layer) ?? 0) + ms);
  if (layer === 'idle') return;
  const { functionName, url } = node.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}`;
  fnMs.set(key, (fnMs.get(key) ?? 0) + ms);
});
const busy = [...layerMs].filter(([l]) => l !== 'idle').reduce((s, [, ms]) => s + ms, 0);
const requests = Number(requestsArg ?? 0);
console.log(`busy ${busy.toFixed(0)} ms, idle ${(layerMs.get('idle') ?? 0).toFixed(0)} ms`);
console.log(`| layer | ms | share |${requests ? ' ms per page |' : ''}`);
for (const [layer, ms] of [...layerMs].filter(([l]) => l !== 'idle').sort((a, b) => b[1] - a[1])) {
  const perPage = requests ? ` ${(ms / requests).toFixed(2)} |` : '';
  console.log(`| ${layer} | ${ms.toFixed(0)} | ${((100 * ms) / busy).toFixed(1)}% |${perPage}`);
}
console.log('\ntop functions by self time:');
for (const [fn, ms] of [...fnMs].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40))) {
  console.log(`${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${fn}`);
}
