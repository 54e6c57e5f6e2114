import { randomUUID } from 'node:crypto';
import { ROW_OF_STAFF_ROLE } from '~/server/auth/session-service';
import { products, userRoles } from '~/server/db/schema';
import type { Services } from '~/server/services';
import { ALLERGENS, type AllergenInfo } from '~/shared/food-information';
import type { SignUpInput } from '~/shared/schemas/sign-up';
import type { StaffRole } from '~/shared/staff/back-office-access';
import { inProcess, signIn as signInAs } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** Every allergen assessed: the named ones (by label, e.g. "Milk") contained, the rest free from. */
export function assessedAllergens(contains: string[] = [], mayContain: string[] = []): AllergenInfo {
  const keyOf = (label: string) => {
    const found = ALLERGENS.find((a) => a.label.toLowerCase() === label.toLowerCase());
    if (!found) throw new Error(`not one of the 14 allergens: ${label}`);
    return found.key;
  };
  const c = new Set(contains.map(keyOf));
  const m = new Set(mayContain.map(keyOf));
  return Object.fromEntries(
    ALLERGENS.map(({ key }) => [key, c.has(key) ? 'contains' : m.has(key) ? 'may_contain' : 'free_from']),
  );
}

/**
 * Inserts a product, fully assessed and containing milk unless told otherwise; every field can be
 * overridden, and `allergens` names what it contains (the rest free from).
 */
export async function createProduct(
  services: Services,
  overrides: Partial<typeof products.$inferInsert> & { allergens?: string[] } = {},
) {
  const { allergens, ...fields } = overrides;
  const [row] = await services.db
    .insert(products)
    .values({
      name: `Test Cookie ${next()}`,
      description: 'A cookie made for a test.',
      pricePennies: 400,
      allergenInfo: assessedAllergens(allergens ?? ['Milk']),
      nutrition: { Energy: '200 kcal' },
      ...fields,
    })
    .returning();
  await sharedDataChanged(services);
  return row!;
}

/**
 * After a test writes products, the shop's settings or delivery zones straight to the database:
 * as every writer does, bump the catalogue version so the caches kept against it notice.
 */
export async function sharedDataChanged(services: Services) {
  await services.catalogVersion.recordChange(services.db);
  services.catalogVersion.invalidate();
}

/** Valid sign-up details with a unique e-mail. */
export function signUpDetails(overrides: Partial<SignUpInput> = {}): SignUpInput {
  return {
    fullName: "Mary O'Neill-Smith",
    email: `customer-${next()}-${randomUUID().slice(0, 4)}@example.com`,
    phone: '07123 456789',
    address: '3 Mardol',
    city: 'Shrewsbury',
    postcode: 'sy1 1pu',
    password: 'biscuits123',
    ...overrides,
  };
}

/**
 * Creates a customer (or someone of the back office: `admin` is the owner, `staffRole` any role)
 * through the account service and signs them in.
 */
export async function createUser(
  t: TestApp,
  options: { admin?: boolean; staffRole?: StaffRole } & Partial<SignUpInput> = {},
) {
  const { admin, staffRole, ...overrides } = options;
  const details = signUpDetails(overrides);
  const { userId } = await t.services.accounts.signUp(details);
  if (admin || staffRole === 'owner') await t.services.accounts.setAdmin(details.email, true);
  else if (staffRole)
    await t.services.db.insert(userRoles).values({ userId, role: ROW_OF_STAFF_ROLE[staffRole] });
  const cookie = await signIn(t, details.email, details.password);
  return { userId, email: details.email.toLowerCase(), password: details.password, cookie };
}

let ipSeq = 0;
/** A new client address each call (in-process requests take theirs from X-Forwarded-For). */
export const nextTestIp = () => `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}`;

/**
 * Signs in in this process and returns the Cookie header to send afterwards (src/test/sign-in.ts).
 * Each call comes from its own address, so files that sign in often stay under the sign-in rate limit.
 */
export const signIn = (t: TestApp, email: string, password: string): Promise<string> =>
  signInAs(inProcess(t.app), t.origin, { email, password }, { 'x-forwarded-for': nextTestIp() });

/** JSON request helper: `api(t, 'POST', '/api/x', body, cookie)`. */
export function api(t: TestApp, method: string, url: string, body?: unknown, cookie?: string) {
  const headers: Record<string, string> = { origin: t.origin };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  return t.app.request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** A test app with the owner signed in: where the back-office tests start. */
export async function ownerTestApp(options?: Parameters<typeof createTestApp>[0]) {
  const t = await createTestApp(options);
  const { cookie } = await createUser(t, { admin: true });
  return { t, cookie };
}

/** `api`, answered with its status and its JSON body. */
export async function apiJson(t: TestApp, method: string, url: string, body?: unknown, cookie?: string) {
  const res = await api(t, method, url, body, cookie);
  return { status: res.status, body: await res.json() };
}
