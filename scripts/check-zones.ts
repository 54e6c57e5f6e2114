/**
 * The import rules biome cannot say (run by `npm run lint`; decision 040):
 * 1. No import cycle between files, type-only imports included.
 * 2. Each folder of src/server (a domain such as orders, or a service such as db) imports only
 *    the folders listed for it in ZONES, so the domains keep one direction (bake days read
 *    orders; orders never import bake days, services.ts hands them what they need).
 * 3. From outside its folder, a domain is reached only through its public modules (PUBLIC); the
 *    rest are its internals. Tests and src/test/ may reach anywhere.
 * 4. ZONES itself goes one way: no folder may list a folder that lists it back, directly or
 *    round a loop (orders and payments, orders and bake days), so allowing a reach back is
 *    refused here rather than becoming a two-way pair file by file.
 * 5. Each folder of src/server uses only the tables it owns (the schema file that opens with
 *    "Tables owned by src/server/<folder>/.") and the other owners' tables TABLE_READS
 *    (scripts/table-reads.ts) lists for it, each with its reason (docs/rules/ownership.md), and
 *    never those of an owner that imports it. What a folder needs of a table it may not read,
 *    the owner hands over through a function of its own (or one services.ts hands at start).
 *    Tests and src/test/ may seed and read any table; the server's root files are outside it.
 * 6. Every folder and module these lists name exists, so a rename cannot leave a rule behind.
 * 7. The back office's routes live with what they serve: a domain's `*-admin-routes.ts` carries
 *    no guard of its own, so only app.ts mounts it (behind the one guard), and src/server/admin/
 *    keeps the views across domains, its routes reading only the admin services.
 * Biome's overrides already keep src/shared from importing the server or the app, and the
 * server from importing the app.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { TABLE_READS } from './table-reads';

const repo = path.resolve(import.meta.dirname, '..');
const src = path.join(repo, 'src');

/** Which other src/server folders each folder may import (the server's root files: any). */
const ZONES: Record<string, string[]> = {
  // Services every domain may use; they import no domain.
  csv: [],
  metrics: ['db'],
  db: [],
  'rate-limit': ['db'],
  mail: ['db', 'metrics', 'activity'],
  http: ['db', 'metrics'],
  memory: [],
  // Background upkeep's one shape (a job and its period); each domain hands over its own jobs.
  upkeep: [],
  health: ['db'],
  backup: ['db', 'metrics', 'activity'],
  // The back office's activity log: every domain records its back-office changes.
  activity: ['db', 'csv'],
  // The gift card ledger (decision 044): money orders spend, below them; it knows no order's rules.
  'gift-cards': ['db', 'http', 'auth', 'mail', 'rate-limit', 'activity', 'upkeep'],
  // Domains, each after the ones it reads.
  // Boxes of cookies (decision 042): their rules, read by the others; the catalogue keeps them.
  boxes: [],
  auth: ['db', 'http', 'mail', 'rate-limit', 'activity'],
  catalog: ['db', 'http', 'auth', 'boxes', 'activity'],
  settings: ['db', 'http', 'catalog', 'activity'],
  // Payments record what the provider confirms through the orders module. Orders refund and
  // close payment pages through the provider services.ts hands them (orders/card-provider.ts
  // says what they ask of it), so they never import payments.
  // Orders name their customer through the account module's `customers` (account reads no order:
  // what it needs of them at export and deletion, services.ts hands it).
  orders: ['db', 'http', 'auth', 'account', 'csv', 'mail', 'metrics', 'gift-cards', 'activity', 'upkeep'],
  payments: ['db', 'http', 'auth', 'account', 'orders', 'activity'],
  // Posted parcels (decision 048): the Click & Drop file and tracking uploads, through orders.
  dispatch: ['csv', 'orders'],
  'bake-days': ['db', 'http', 'csv', 'auth', 'orders', 'dispatch', 'activity'],
  'delivery-zones': ['db', 'http', 'bake-days', 'activity'],
  // Limited and seasonal products (decision 043): the checkout's days and the owner's forward view.
  limited: ['db', 'bake-days', 'orders'],
  discounts: ['db', 'http', 'auth', 'orders', 'activity'],
  account: ['db', 'http', 'auth', 'mail', 'rate-limit'],
  contact: ['db', 'http', 'auth', 'mail', 'rate-limit', 'activity'],
  // Reviews from buyers only.
  reviews: ['db', 'activity'],
  // Ingredients, recipes and the production sheet: they read the day's orders.
  recipes: ['db', 'http', 'orders', 'activity'],
  // Trade customers (decision 082): accounts and price lists; ordering on account goes through
  // the checkout's days and the orders module.
  trade: ['db', 'csv', 'activity', 'mail', 'orders', 'bake-days', 'delivery-zones', 'upkeep'],
  // The books (decision 087): a period's paid orders and refunds as Xero's and QuickBooks' files.
  books: ['db', 'csv', 'orders', 'trade', 'activity'],
  // Made-to-order jobs (decision 086): enquiries with pictures checked as product photos.
  'made-to-order': [
    'db',
    'http',
    'auth',
    'mail',
    'rate-limit',
    'catalog',
    'activity',
    'orders',
    'bake-days',
    'payments',
    'upkeep',
  ],
  checkout: [
    'db',
    'http',
    'auth',
    'metrics',
    'rate-limit',
    'orders',
    'payments',
    'bake-days',
    'discounts',
    'gift-cards',
    'boxes',
    'delivery-zones',
    'limited',
  ],
  admin: ['db', 'http', 'auth', 'csv', 'account', 'catalog', 'orders', 'activity'],
  // The Cookie Club: deliveries are orders on bake days, priced as checkout prices, charged through payments.
  club: [
    'db',
    'http',
    'auth',
    'mail',
    'orders',
    'payments',
    'bake-days',
    'checkout',
    'boxes',
    'delivery-zones',
    'rate-limit',
    'activity',
    'upkeep',
  ],
  // Marketing consent, basket reminders, back-in-stock and unsubscribe links (decision 081).
  marketing: ['db', 'mail', 'upkeep'],
  // Who we are and the terms of sale.
  legal: ['db', 'http', 'activity'],
  // The back office's people and roles.
  staff: ['db', 'http', 'auth', 'csv', 'activity', 'mail'],
  cli: ['db', 'auth', 'account', 'backup', 'club'],
};

/**
 * The modules other folders (and src/app) may import from each domain. Anything else in the
 * folder is its own business: to use it from outside, make it public here on purpose.
 */
const PUBLIC: Record<string, string[]> = {
  account: ['account-service', 'account-privacy-service', 'account-routes', 'seed-demo-users', 'customers'],
  admin: ['admin-services', 'admin-routes'],
  auth: ['auth', 'guards', 'session-service', 'even-timing', 'second-factor'],
  'bake-days': ['bake-days-service', 'day-sheets-service', 'bake-days-admin-routes'],
  boxes: ['box-rules'],
  catalog: ['catalog-service', 'catalog-routes', 'catalog-admin-routes', 'product-writes', 'product-photos'],
  checkout: ['checkout-service', 'checkout-routes', 'box-products', 'basket-lines'],
  contact: ['contact-service', 'contact-routes'],
  reviews: ['reviews-service'],
  legal: ['trader-details-service', 'terms-service', 'legal-admin-routes'],
  marketing: ['marketing-service', 'marketing-routes'],
  trade: [
    'trade-accounts-service',
    'demo-trade',
    'trade-customers',
    'trade-orders-service',
    'credit-notes-service',
    'demo-trade-orders',
    'standing-orders-service',
    'demo-standing-orders',
  ],
  books: ['books-service', 'books-admin-routes'],
  'made-to-order': [
    'made-to-order-service',
    'made-to-order-routes',
    'demo-made-to-order',
    'made-to-order-jobs',
  ],
  recipes: ['recipes-service', 'production-service', 'recipe-book', 'labels-service', 'recipes-admin-routes'],
  'delivery-zones': ['zones-service', 'zones-admin-routes'],
  dispatch: ['click-and-drop', 'tracking-upload'],
  discounts: ['discounts-service', 'discounts-admin-routes'],
  limited: ['limited-days', 'forward-view', 'product-days', 'orderable', 'limited-admin-routes'],
  'gift-cards': [
    'gift-cards-service',
    'gift-card-ledger',
    'gift-card-codes',
    'gift-card-sales',
    'bought-card-refunds',
  ],
  orders: [
    'orders-service',
    'orders-admin-routes',
    'collection-slots',
    'deliveries-service',
    'order-export',
    'order-stats',
    'open-checkouts',
    'order-payments',
    'order-money',
    'booked-cookies',
    'day-orders',
    'discount-uses',
    'account-deletion',
    'orders-privacy',
    'gift-card-holds',
    'ship-to-columns',
    'card-provider',
    'books-entries',
    'cards-bought',
  ],
  payments: ['payments-service', 'payment-provider', 'payments-routes', 'part-payments'],
  settings: ['settings-service', 'settings-admin-routes'],
  club: ['club-service', 'club-routes'],
  staff: ['staff-service', 'staff-routes', 'activity-routes', 'staff-invites', 'join-routes', 'staff-roles'],
  activity: ['activity-log', 'activity-reads'],
};

const isTest = (file: string) =>
  /\.test\.tsx?$/.test(file) || file.startsWith(path.join(src, 'test') + path.sep);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const IMPORT =
  /(?:^|[;\s])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('~/')) base = path.join(src, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  base = base.replace(/\?.*$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** `orders` for src/server/orders/x.ts; null for the server's root files and everything else. */
const serverFolder = (file: string) => {
  const rel = path.relative(path.join(src, 'server'), file);
  return rel.startsWith('..') || !rel.includes(path.sep) ? null : rel.split(path.sep)[0]!;
};

const files = sourceFiles(src);
const edges = new Map<string, string[]>();
const problems: string[] = [];
const show = (f: string) => path.relative(repo, f);

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const targets: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const target = resolve(file, (m[1] ?? m[2])!);
    if (!target) continue;
    targets.push(target);
    if (isTest(file)) continue;
    const to = serverFolder(target);
    const from = serverFolder(file);
    if (!to || to === from) continue;
    if (from) {
      const allowed = ZONES[from];
      if (!allowed) problems.push(`${show(file)}: src/server/${from} has no zone in scripts/check-zones.ts`);
      else if (!allowed.includes(to))
        problems.push(
          `${show(file)} imports ${show(target)}: ${from} does not import ${to} (scripts/check-zones.ts)`,
        );
    }
    const exposed = PUBLIC[to];
    const moduleName = path.basename(target).replace(/\.tsx?$/, '');
    if (exposed && !exposed.includes(moduleName))
      problems.push(
        `${show(file)} imports ${show(target)}, an internal of ${to} (its public modules: PUBLIC)`,
      );
  }
  edges.set(file, targets);
}

// Cycles: Tarjan's strongly connected components over every import, type-only ones included.
let index = 0;
const stack: string[] = [];
const onStack = new Set<string>();
const idx = new Map<string, number>();
const low = new Map<string, number>();
function connect(v: string) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!idx.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v)!, low.get(w)!));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
  }
  if (low.get(v) === idx.get(v)) {
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    const selfImport = component.length === 1 && (edges.get(v) ?? []).includes(v);
    if (component.length > 1 || selfImport)
      problems.push(`import cycle: ${component.map(show).join(' <-> ')}`);
  }
}
for (const file of files) if (!idx.has(file)) connect(file);

// Rule 4: the folders' allowed imports form no loop (a depth-first walk of ZONES).
const walked = new Set<string>();
function zoneLoop(zone: string, trail: string[]): string[] | null {
  if (trail.includes(zone)) return [...trail.slice(trail.indexOf(zone)), zone];
  if (walked.has(zone)) return null;
  for (const next of ZONES[zone] ?? []) {
    const loop = zoneLoop(next, [...trail, zone]);
    if (loop) return loop;
  }
  walked.add(zone);
  return null;
}
for (const zone of Object.keys(ZONES)) {
  const loop = zoneLoop(zone, []);
  if (loop) {
    problems.push(`zones import each other: ${loop.join(' -> ')} (ZONES in scripts/check-zones.ts)`);
    break;
  }
}

// Rule 5: tables. Who owns each symbol the schema exports, from the line its file opens with.
const schemaDir = path.join(src, 'server', 'db', 'schema');
const tableOwner = new Map<string, string>();
const schemaFiles = new Set<string>();
for (const name of readdirSync(schemaDir)) {
  if (!name.endsWith('.ts')) continue;
  const file = path.join(schemaDir, name);
  schemaFiles.add(file);
  const text = readFileSync(file, 'utf8');
  const owner = /^\/\*\* Tables owned by src\/server\/([a-z-]+)\/\. \*\//.exec(text)?.[1];
  if (!owner) continue; // the index and the shared column helpers own no table
  if (!ZONES[owner]) problems.push(`${show(file)}: its owner src/server/${owner}/ has no zone`);
  for (const m of text.matchAll(/^export\s+(?:const|type|interface|enum|function)\s+(\w+)/gm))
    tableOwner.set(m[1]!, owner);
}
const ownersTables = (owner: string) => [...tableOwner].filter(([, o]) => o === owner).map(([t]) => t);
const SCHEMA_IMPORT =
  /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:\w+\s*,\s*)?(?:\{([^}]*)\}|\*\s+as\s+\w+|\*)\s*from\s*['"]([^'"]+)['"]/g;
// The tables by the names SQL gives them, for the statements written as SQL text.
const sqlNames = new Map<string, string>();
for (const file of schemaFiles)
  for (const m of readFileSync(file, 'utf8').matchAll(
    /^export\s+const\s+(\w+)\s*=\s*pg(?:Table|View|MaterializedView)\(\s*['"](\w+)['"]/gm,
  ))
    sqlNames.set(m[2]!, m[1]!);
/** Tables named in SQL text (`from profiles`, `join orders o`), comments left out. */
function tablesInSqlText(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  return [...code.matchAll(/\b(?:from|join|into|update)\s+"?(\w+)"?/g)]
    .map((m) => sqlNames.get(m[1]!))
    .filter((name): name is string => !!name);
}
const readsUsed = new Set<string>();
for (const file of files) {
  const folder = serverFolder(file);
  if (!folder || isTest(file) || schemaFiles.has(file)) continue;
  const allowed = TABLE_READS[folder] ?? {};
  const text = readFileSync(file, 'utf8');
  const used: { name: string; how: string }[] = tablesInSqlText(text).map((name) => ({
    name,
    how: 'names in its SQL',
  }));
  for (const m of text.matchAll(SCHEMA_IMPORT)) {
    const target = resolve(file, m[2]!);
    if (!target || !schemaFiles.has(target)) continue;
    // A namespace import takes every table.
    const names =
      m[1] === undefined
        ? [...tableOwner.keys()]
        : m[1]
            .split(',')
            .map(
              (n) =>
                n
                  .trim()
                  .replace(/^type\s+/, '')
                  .split(/\s+as\s+/)[0]!,
            )
            .filter(Boolean);
    used.push(...names.map((name) => ({ name, how: 'uses' })));
  }
  for (const { name, how } of used) {
    const owner = tableOwner.get(name);
    if (!owner || owner === folder) continue;
    const read = `${owner}.${name}`;
    const entry =
      read in allowed ? read : `${owner}.*` in allowed ? `${owner}.*` : '*' in allowed ? '*' : null;
    if (entry) readsUsed.add(`${folder} -> ${entry}`);
    else
      problems.push(
        `${show(file)} ${how} ${name}, a table of src/server/${owner}/ that ${folder} does not read ` +
          `(ask ${owner} for a function, or list ${folder} -> ${read} with its reason in scripts/table-reads.ts)`,
      );
  }
}
for (const [folder, reads] of Object.entries(TABLE_READS)) {
  if (!ZONES[folder])
    problems.push(`TABLE_READS lists ${folder}, which has no zone (scripts/table-reads.ts)`);
  for (const [read, why] of Object.entries(reads)) {
    const [owner, table] = read.split('.');
    if (!why.trim())
      problems.push(`TABLE_READS: ${folder} -> ${read} gives no reason (scripts/table-reads.ts)`);
    if (
      read !== '*' &&
      (!owner ||
        !table ||
        (table === '*' ? ownersTables(owner).length === 0 : tableOwner.get(table) !== owner))
    )
      problems.push(
        `TABLE_READS: ${folder} -> ${read} names no table of the schema (scripts/table-reads.ts)`,
      );
    else if (!readsUsed.has(`${folder} -> ${read}`))
      problems.push(`TABLE_READS: ${folder} no longer reads ${read}: remove it (scripts/table-reads.ts)`);
  }
}

// Rule 6: the lists name only folders and modules that exist.
const serverFolders = new Set(
  readdirSync(path.join(src, 'server')).filter((n) => statSync(path.join(src, 'server', n)).isDirectory()),
);
for (const [zone, imports] of Object.entries(ZONES))
  for (const folder of [zone, ...imports])
    if (!serverFolders.has(folder)) problems.push(`ZONES names src/server/${folder}/, which does not exist`);
for (const folder of serverFolders)
  if (!ZONES[folder]) problems.push(`src/server/${folder}/ has no zone in ZONES (scripts/check-zones.ts)`);
for (const [folder, modules] of Object.entries(PUBLIC))
  for (const name of modules)
    if (!['.ts', '.tsx'].some((ext) => existsSync(path.join(src, 'server', folder, name + ext))))
      problems.push(
        `PUBLIC names src/server/${folder}/${name}.ts, which does not exist (scripts/check-zones.ts)`,
      );

// Rule 7: back-office routes by owner, mounted only behind the guard.
const APP = path.join(src, 'server', 'app.ts');
for (const file of files) {
  if (isTest(file)) continue;
  for (const target of edges.get(file) ?? []) {
    if (target.endsWith('-admin-routes.ts') && file !== APP)
      problems.push(
        `${show(file)} imports ${show(target)}: only src/server/app.ts mounts admin routes, behind the guard`,
      );
  }
  if (serverFolder(file) !== 'admin' || !file.endsWith('-routes.ts')) continue;
  const text = readFileSync(file, 'utf8');
  const used = [
    ...[...text.matchAll(/\bservices\.(\w+)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/\{([^{}]*)\}\s*=\s*services\b/g)].flatMap((m) =>
      m[1]!.split(',').map((name) => name.split(':')[0]!.trim()),
    ),
  ];
  for (const name of new Set(used.filter(Boolean)))
    if (name !== 'admin' && name !== 'db')
      problems.push(`${show(file)} serves services.${name}: its routes belong in the folder that owns it`);
}

// Rule 5, the direction: a folder imported by the owner (directly or through others) may not
// read the owner's tables, listed or not. The owner hands over what it needs instead: a function
// or a piece of SQL of its own (orders/booked-cookies.ts, account/customers.ts), or one handed at
// start where the owner imports the reader (staff/staff-roles.ts, through services.ts).
function reaches(from: string, to: string, seen = new Set<string>()): boolean {
  if (from === to) return true;
  if (seen.has(from)) return false;
  seen.add(from);
  return (ZONES[from] ?? []).some((next) => reaches(next, to, seen));
}
const reads = Object.entries(TABLE_READS).flatMap(([folder, r]) =>
  Object.keys(r).map((read) => ({ folder, read })),
);
for (const { folder, read } of reads) {
  const owner = read.split('.')[0]!;
  if (read !== '*' && owner !== folder && reaches(owner, folder))
    problems.push(
      `TABLE_READS: ${folder} -> ${read} runs against the imports (${owner} imports ${folder}): ` +
        `${owner} hands over what ${folder} needs instead (scripts/table-reads.ts)`,
    );
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} import rule(s) broken (scripts/check-zones.ts, decision 040).`);
  process.exit(1);
}
console.log(`Imports: ${files.length} files, no cycle, every zone kept.`);
console.log(
  `Tables: ${reads.length} reads of other folders' tables listed (scripts/table-reads.ts), none against the imports.`,
);
