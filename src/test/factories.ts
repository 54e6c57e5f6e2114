import { randomUUID } from 'node:crypto';
import { Secret } from 'otpauth';
import { enrolKnownSecret } from '~/server/auth/second-factor';
import { products, userRoles } from '~/server/db/schema';
import type { Services } from '~/server/services';
import { ROW_OF_STAFF_ROLE } from '~/server/staff/staff-roles';
import { ALLERGENS, type AllergenInfo } from '~/shared/food-information';
import type { SignUpInput } from '~/shared/schemas/sign-up';
import type { StaffRole } from '~/shared/staff/back-office-access';
import { cookieHeader, inProcess, rememberTotpSecret, signIn as signInAs, totpCode } from './sign-in';
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
 * through the account service and signs them in. Someone of the back office gets an authenticator
 * (`totpSecret`, remembered for `signIn`) unless `secondFactor: false`, and signs in with its code,
 * as the back office demands; a customer has none unless `secondFactor: true`.
 */
export async function createUser(
  t: TestApp,
  options: { admin?: boolean; staffRole?: StaffRole; secondFactor?: boolean } & Partial<SignUpInput> = {},
) {
  const { admin, staffRole, secondFactor, ...overrides } = options;
  const details = signUpDetails(overrides);
  const { userId } = await t.services.accounts.signUp(details);
  if (admin || staffRole === 'owner') await t.services.accounts.setAdmin(details.email, true);
  else if (staffRole)
    await t.services.db.insert(userRoles).values({ userId, role: ROW_OF_STAFF_ROLE[staffRole] });
  let totpSecret: string | undefined;
  if (secondFactor ?? !!(admin || staffRole)) {
    totpSecret = new Secret({ size: 20 }).base32;
    await enrolKnownSecret(t.services.auth, t.services.db, userId, totpSecret, testBackupCodes());
    rememberTotpSecret(details.email, totpSecret);
  }
  const cookie = await signIn(t, details.email, details.password);
  return { userId, email: details.email.toLowerCase(), password: details.password, cookie, totpSecret };
}

/** Backup codes given to test accounts' authenticators: `TEST0-CODE0` to `TEST9-CODE9`. */
export const testBackupCodes = () => Array.from({ length: 10 }, (_, i) => `TEST${i}-CODE${i}`);

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
/** A request to the app as a browser makes it; `ip` is the client address (X-Forwarded-For, in process). */
export function api(t: TestApp, method: string, url: string, body?: unknown, cookie?: string, ip?: string) {
  const headers: Record<string, string> = { origin: t.origin };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  if (ip) headers['x-forwarded-for'] = ip;
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

/**
 * Sets up an authenticator as the setup page does, in the signed-in session `cookie`: the
 * password, then a code from the secret the answer shows. Returns the session's new cookie (the
 * one the back office accepts), the secret (remembered for `signIn`) and the backup codes.
 */
export async function setUpSecondFactor(t: TestApp, email: string, password: string, cookie: string) {
  const ip = nextTestIp();
  const post = (url: string, body: unknown) =>
    t.app.request(url, {
      method: 'POST',
      headers: { origin: t.origin, 'content-type': 'application/json', cookie, 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });
  const enabled = await post('/api/auth/two-factor/enable', { password });
  if (enabled.status !== 200) throw new Error(`enable failed: ${enabled.status} ${await enabled.text()}`);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  const res = await post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
  if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${await res.text()}`);
  rememberTotpSecret(email, secret);
  return { cookie: cookieHeader(res), secret, backupCodes, totpURI };
}
