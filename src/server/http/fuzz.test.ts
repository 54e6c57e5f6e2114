/**
 * Generated bad input (fast-check) against every /api route and every page action: no answer is
 * a 500, and a refused request (4xx) changes no row. Bounded: a few dozen requests per route and
 * a time limit each, so it runs in `npm test` (the real build: run `npm run build` first).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientBuild } from '~/server/app';
import { loadClientBuild } from '~/server/load-build';
import { createProduct, createUser, nextTestIp } from '~/test/factories';
import { createDelivery, createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

const RUNS = 12;
const TIME_LIMIT_MS = 4000;

/** Tables a refused request may write: rate-limit counters count it. Every other table is guarded. */
const MAY_COUNT_REFUSALS = new Set(['rate_limits', 'auth_rate_limits']);

let t: TestApp;
let build: ClientBuild;
/** Every table of the schema but the counters (found, so a new table is guarded without a list). */
let guarded: string[];
let admin: string;
let customer: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  build = await loadClientBuild(process.env.BUILD_DIR);
  t = await createTestApp({ build, env: { RATE_LIMITS: 'false' } });
  const tables = await t.services.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  guarded = (tables as unknown as { rows: { tablename: string }[] }).rows
    .map((r) => r.tablename)
    .filter((name) => !MAY_COUNT_REFUSALS.has(name));
  ({ cookie: admin } = await createUser(t, { admin: true }));
  ({ cookie: customer } = await createUser(t));
  ids.product = (await createProduct(t.services)).id;
  const delivery = await createDelivery(t.services);
  ids.delivery = delivery.id;
  ids.order = delivery.orderId;
  ids.pending = (await createOrder(t.services)).id;
});
afterAll(() => t?.close());

/** One fingerprint of every guarded table's rows. */
async function fingerprint(): Promise<string> {
  const parts = guarded.map(
    (table) =>
      sql`(select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) from ${sql.identifier(table)} x)`,
  );
  const result = await t.services.db.execute(sql`select concat_ws('|', ${sql.join(parts, sql`, `)}) as f`);
  return (result as unknown as { rows: { f: string }[] }).rows[0]!.f;
}

/** Text that breaks things: control characters, NUL, lone surrogates, huge and non-Latin strings. */
const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u001b[31m',
    '\ud800',
    '€uro',
    '%00',
    '../../etc/passwd',
    "'; drop table users; --",
  ),
  fc.string({ minLength: 300, maxLength: 3000 }),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'null', 'true', '[]', '{}'),
);
/** Numbers in the wrong type: what a careless client or an attacker sends where a number belongs. */
const TYPED_BUT_WRONG: unknown[] = [true, false, [100], ['1'], '0x10', '1e3', '1E3', 'Infinity', { n: 1 }];
const value: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constantFrom(...TYPED_BUT_WRONG),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 3 }),
);
/** A body built from the field names routes read, with nasty values, or something else entirely. */
const FIELDS = [
  'name',
  'email',
  'password',
  'message',
  'fullName',
  'phone',
  'address',
  'city',
  'postcode',
  'description',
  'price_pennies',
  'allergens',
  'nutrition',
  'is_active',
  'status',
  'tracking_code',
  'driver_notes',
  'items',
  'cardNumber',
  'expiry',
  'cvc',
  'newPassword',
  'currentPassword',
  'token',
  'reason',
  'amount_pennies',
  'amount',
  'method',
  'request_key',
  'quantity',
  'net_weight_grams',
  'shelf_life_days',
  'vat_rate',
  'max_uses',
  'percent',
  'min_subtotal',
  'capacityCookies',
  'cutoffDaysBefore',
  'horizonDays',
  'deliveryFee',
  'freeDeliveryOver',
  'delivery_date',
  'gift',
  'note',
  'date',
  'closed',
  'capacity',
];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }),
  fc.record({
    items: fc.array(fc.dictionary(fc.constantFrom('product_id', 'quantity', 'name'), value), {
      maxLength: 3,
    }),
  }),
  value,
);
/**
 * What page actions read, harvested from their source so a new action's intents and fields are
 * fuzzed without a list to keep: `intent` values (`case 'x'`, `intent === 'x'`) and form fields
 * (`field(form, 'x')`, `form.get('x')`). Without a known intent an action stops at "Unknown
 * action" and its parsing is never reached.
 */
function harvestPageForms(): { intents: string[]; fields: string[] } {
  const intents = new Set<string>();
  const fields = new Set<string>();
  for (const dir of ['src/app/routes', 'src/app/components/admin']) {
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file)) continue;
      const source = readFileSync(path.join(dir, file), 'utf8');
      for (const [, name] of source.matchAll(/(?:case |intent [!=]== )'([a-z-]+)'/g)) intents.add(name!);
      for (const [, name] of source.matchAll(/(?:field\(form, |form\??\.get\()'([a-z_]+)'\)/g))
        fields.add(name!);
    }
  }
  return { intents: [...intents], fields: [...fields] };
}
const pageForms = harvestPageForms();

/** A page action's form: one of the known intents (mostly), the fields actions read, real ids at times. */
const pageForm = fc
  .tuple(
    fc.option(fc.constantFrom(...pageForms.intents), { freq: 5 }),
    fc.dictionary(
      fc.constantFrom(...new Set([...FIELDS, ...pageForms.fields])),
      fc.oneof(
        value,
        fc.constantFrom('order', 'delivery', 'product').map((kind) => ids[kind]),
      ),
      { maxKeys: 8 },
    ),
  )
  .map(([intent, fields]) => (intent === null ? fields : { ...fields, intent }));

const param = fc.oneof(
  nasty,
  fc.uuid(),
  fc.constantFrom('test_cs_x', '00000000-0000-0000-0000-000000000000'),
);

/** Percent-encodes a generated path part; a lone surrogate (not encodable) goes as raw %ED bytes. */
function encode(p: string): string {
  try {
    return encodeURIComponent(p);
  } catch {
    return '%ED%A0%80';
  }
}

const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

function fill(path: string, p: string): string {
  return (
    path
      .replace(':id', ids.order && Math.random() < 0.3 ? ids.order : encode(p))
      // Bake-day pages: a real day in a few days' time, or generated nonsense.
      .replace(':date', Math.random() < 0.5 ? soon : encode(p))
      .replace(/:[a-zA-Z]+/g, encode(p))
  );
}

async function send(method: string, path: string, payload: unknown, cookie?: string, form = false) {
  const headers: Record<string, string> = { origin: t.origin, 'x-forwarded-for': nextTestIp() };
  if (cookie) headers.cookie = cookie;
  let bodyText: string | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const entries = payload && typeof payload === 'object' ? Object.entries(payload) : [['x', payload]];
      bodyText = new URLSearchParams(
        entries.map(([k, v]) => [String(k), typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
      ).toString();
    } else {
      headers['content-type'] = 'application/json';
      bodyText =
        typeof payload === 'string' && Math.random() < 0.3 ? payload : JSON.stringify(payload ?? null);
    }
  }
  return t.app.request(`${t.origin}${path}`, { method, headers, body: bodyText });
}

async function check(method: string, path: string, payload: unknown, cookie?: string, form = false) {
  const before = await fingerprint();
  const res = await send(method, path, payload, cookie, form);
  const text = await res.text();
  expect(res.status, `${method} ${path} -> ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
  if (res.status >= 400)
    expect(await fingerprint(), `${method} ${path} wrote rows while refusing`).toBe(before);
}

const AUTH_ROUTES = [
  ['POST', '/api/auth/sign-in/email'],
  ['POST', '/api/auth/sign-out'],
  ['GET', '/api/auth/get-session'],
  ['POST', '/api/auth/request-password-reset'],
  ['POST', '/api/auth/reset-password'],
  ['POST', '/api/auth/change-password'],
] as const;

/** The path of every page with an action, from the build's own route manifest (none is missed). */
function pageActions(): string[] {
  const routes = build.server.routes;
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
  };
  return Object.values(routes)
    .filter((route) => route?.module.action)
    .map((route) => fullPath(route!.id) || '/');
}

function apiRoutes(): [string, string][] {
  const seen = new Set<string>();
  const routes: [string, string][] = [];
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/') || r.path.startsWith('/api/auth')) continue;
    // Readiness answers 503 by design here: the test app runs no e-mail worker (health-routes.test.ts).
    if (r.path === '/api/ready') continue;
    const key = `${r.method} ${r.path}`;
    if (!seen.has(key)) {
      seen.add(key);
      routes.push([r.method, r.path]);
    }
  }
  return routes;
}

describe('fuzzing every /api route', () => {
  it('finds the routes', () => {
    expect(apiRoutes().length).toBeGreaterThan(15);
  });

  it('answers no generated request with a 500, and refusals write nothing', {
    timeout: 300_000,
  }, async () => {
    for (const [method, path] of [...apiRoutes(), ...AUTH_ROUTES]) {
      for (const cookie of [admin, customer, undefined]) {
        await fc.assert(
          fc.asyncProperty(body, param, async (payload, p) => check(method, fill(path, p), payload, cookie)),
          { numRuns: RUNS / 3, interruptAfterTimeLimit: TIME_LIMIT_MS / 3 },
        );
      }
    }
  });
});

describe('fuzzing every page action', () => {
  it('finds the pages with actions, and the intents and fields their forms send', () => {
    expect(pageForms.intents).toEqual(expect.arrayContaining(['refund', 'outcome', 'start-baking']));
    expect(pageForms.fields).toEqual(expect.arrayContaining(['intent', 'order_id', 'note']));
    expect(pageActions()).toEqual(
      expect.arrayContaining(['/contact', '/pay/test/:sessionId', '/admin/orders/:id', '/admin/bake-days']),
    );
  });

  it('answers no generated form with a 500, and refusals write nothing', { timeout: 300_000 }, async () => {
    for (const path of pageActions()) {
      await fc.assert(
        fc.asyncProperty(pageForm, param, fc.constantFrom(admin, customer), async (payload, p, cookie) =>
          check('POST', fill(path, p), payload, cookie, true),
        ),
        { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS },
      );
    }
  });
});

/**
 * Every numeric field of every JSON endpoint and form, given a number in the wrong type
 * (`{"amount": true}` was a 1p refund): each is refused with a 400 that names the field, and
 * nothing is written. A valid request around it, so the field itself is what is refused.
 */
describe('numbers in the wrong type', () => {
  // The fuzzing above signs its users out (POST /api/auth/sign-out with their cookies): fresh sessions.
  beforeAll(async () => {
    ({ cookie: admin } = await createUser(t, { admin: true }));
    ({ cookie: customer } = await createUser(t));
  });
  const soonDay = () => new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const product = {
    name: 'Fuzz Cookie',
    description: 'Typed wrong.',
    price_pennies: 450,
    is_active: false,
  };
  const template = {
    deliveryWeekdays: [1, 2],
    cutoffTime: '14:00',
    cutoffDaysBefore: 1,
    horizonDays: 14,
    capacityCookies: 100,
  };
  const cases: {
    route: string;
    method: string;
    path: () => string;
    who: () => string;
    body: Record<string, unknown>;
    fields: string[];
    form?: boolean;
  }[] = [
    {
      route: 'checkout',
      method: 'POST',
      path: () => '/api/checkout/create-checkout-session',
      who: () => customer,
      body: { items: [{ product_id: '', quantity: 1 }] },
      fields: ['items.0.quantity'],
    },
    {
      route: 'checkout quote',
      method: 'POST',
      path: () => '/api/checkout/quote',
      who: () => customer,
      body: { items: [{ product_id: '', quantity: 1 }] },
      fields: ['items.0.quantity'],
    },
    {
      route: 'refund',
      method: 'POST',
      path: () => `/api/admin/orders/${ids.order}/refunds`,
      who: () => admin,
      body: { amount: 100, reason: 'Broken', request_key: 'fuzz-refund-1' },
      fields: ['amount'],
    },
    {
      route: 'mark as paid',
      method: 'POST',
      path: () => `/api/admin/orders/${ids.pending}/payments`,
      who: () => admin,
      body: { method: 'cash', amount: 100, request_key: 'fuzz-payment-1' },
      fields: ['amount'],
    },
    {
      route: 'new product',
      method: 'POST',
      path: () => '/api/admin/products',
      who: () => admin,
      body: product,
      fields: ['price_pennies', 'net_weight_grams', 'shelf_life_days', 'vat_rate'],
    },
    {
      route: 'product edit',
      method: 'PATCH',
      path: () => `/api/admin/products/${ids.product}`,
      who: () => admin,
      body: { name: 'Renamed' },
      fields: ['price_pennies', 'net_weight_grams', 'shelf_life_days', 'vat_rate'],
    },
    {
      route: 'discount code',
      method: 'POST',
      path: () => '/api/admin/discounts',
      who: () => admin,
      body: { code: 'FUZZWRONG', kind: 'percent', percent: '10' },
      fields: ['percent', 'min_subtotal', 'max_uses'],
    },
    {
      route: 'discount code (amount)',
      method: 'POST',
      path: () => '/api/admin/discounts',
      who: () => admin,
      body: { code: 'FUZZWRONG', kind: 'fixed', amount: '2.00' },
      fields: ['amount'],
    },
    {
      route: 'bake-day template',
      method: 'PUT',
      path: () => '/api/admin/bake-days/template',
      who: () => admin,
      body: template,
      fields: ['cutoffDaysBefore', 'horizonDays', 'capacityCookies', 'deliveryWeekdays.0'],
    },
    {
      route: 'bake-day override',
      method: 'PUT',
      path: () => `/api/admin/bake-days/overrides/${soonDay()}`,
      who: () => admin,
      body: { closed: false, capacityCookies: 50 },
      fields: ['capacityCookies'],
    },
    {
      route: 'settings',
      method: 'PUT',
      path: () => '/api/admin/settings',
      who: () => admin,
      body: { deliveryFee: '4.99', freeDelivery: true, freeDeliveryOver: '30.00' },
      fields: ['deliveryFee', 'freeDeliveryOver'],
    },
    {
      route: 'refund form',
      method: 'POST',
      path: () => `/admin/orders/${ids.order}`,
      who: () => admin,
      body: {
        intent: 'refund',
        scope: 'part',
        amount: '1.00',
        reason: 'Broken',
        request_key: 'fuzz-refund-2',
      },
      fields: ['amount'],
      form: true,
    },
    {
      route: 'mark as paid form',
      method: 'POST',
      path: () => `/admin/orders/${ids.pending}`,
      who: () => admin,
      body: { intent: 'mark-paid', method: 'cash', amount: '1.00', request_key: 'fuzz-payment-2' },
      fields: ['amount'],
      form: true,
    },
  ];

  /** Sets `a.0.b` in a copy of the body. */
  function withField(body: Record<string, unknown>, path: string, v: unknown) {
    const copy = structuredClone(body) as Record<string, unknown>;
    const keys = path.split('.');
    let at: Record<string, unknown> = copy;
    for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
    at[keys.at(-1)!] = v;
    return copy;
  }

  it.each(cases.flatMap((c) => c.fields.map((f) => [c.route, f, c] as const)))(
    '%s refuses a wrong-typed %s',
    { timeout: 60_000 },
    async (_, field, c) => {
      const base = c.route.startsWith('checkout')
        ? withField(c.body, 'items.0.product_id', ids.product)
        : c.body;
      // Form fields are text: their wrong types are the strings a form can carry.
      const wrong = c.form ? ['true', '[100]', '0x10', '1e3', 'Infinity', '{"n":1}'] : TYPED_BUT_WRONG;
      for (const v of wrong) {
        const before = await fingerprint();
        const res = await send(c.method, c.path(), withField(base, field, v), c.who(), c.form);
        const text = await res.text();
        const label = `${c.method} ${c.path()} ${field}=${JSON.stringify(v)} -> ${res.status} ${text.slice(0, 200)}`;
        expect(res.status, label).toBe(400);
        if (!c.form) expect(Object.keys(JSON.parse(text).error.fields ?? {}), label).toContain(field);
        expect(await fingerprint(), label).toBe(before);
      }
    },
  );
});
