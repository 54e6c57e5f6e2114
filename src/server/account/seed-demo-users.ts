import { eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import { enrolKnownSecret, removeSecondFactor, secretOf } from '../auth/second-factor';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../errors';
import type { AccountService } from './account-service';

/** Demo accounts for the embedded database; `npm start` prints them and the README lists them. */
export const DEMO_ADMIN = {
  fullName: 'Demo Admin',
  email: 'admin@shropshirecookies.example',
  password: 'admin-demo-2026',
  phone: '07123456789',
  address: '1 Bakery Lane',
  city: 'Shrewsbury',
  postcode: 'SY1 1AA',
};

/**
 * The demo admin's authenticator secret (base32) and backup codes, published in the README and
 * the start banner (decision 078): only ever enrolled, and only ever left in place, while the
 * shop runs on its embedded database and listens on this machine alone.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'SHROPSHIRECOOKIESDEMOADMIN234567';
export const DEMO_ADMIN_BACKUP_CODES = ['DEMO1-BACK1', 'DEMO2-BACK2', 'DEMO3-BACK3'];

export const DEMO_CUSTOMER = {
  fullName: 'Demo Customer',
  email: 'customer@shropshirecookies.example',
  password: 'customer-demo-2026',
  phone: '07987654321',
  address: '12 Castle Street',
  city: 'Ludlow',
  postcode: 'SY8 1AS',
};

async function exists(db: Db, email: string) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

/** True when a demo account (published password) is in the database. */
export async function demoAccountsExist(db: Db): Promise<boolean> {
  return (await exists(db, DEMO_ADMIN.email)) || (await exists(db, DEMO_CUSTOMER.email));
}

/** Addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** Where the published demo second factor may work: the embedded database, reachable from here only. */
export const demoSecondFactorAllowed = (config: { host: string; database: { kind: string } }) =>
  config.database.kind === 'pglite' && isLoopback(config.host);

/**
 * The demo admin's published second factor: enrolled where it is allowed (`allowed`), and
 * removed everywhere else (an embedded shop started again on 0.0.0.0, or its data moved to
 * PostgreSQL), so the published code never opens a reachable back office. Without it the demo
 * admin is sent to set up an authenticator of their own, like any new person of the back office.
 */
export async function settleDemoSecondFactor(db: Db, auth: Auth, allowed: boolean): Promise<void> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ADMIN.email))
    .limit(1);
  if (!admin) return;
  const current = await secretOf(auth, db, admin.id);
  if (allowed) {
    if (current !== DEMO_ADMIN_TOTP_SECRET)
      await enrolKnownSecret(auth, db, admin.id, DEMO_ADMIN_TOTP_SECRET, DEMO_ADMIN_BACKUP_CODES);
    return;
  }
  if (current === DEMO_ADMIN_TOTP_SECRET) await db.transaction((tx) => removeSecondFactor(tx, admin.id));
}

/**
 * Creates the demo admin and customer once; returns true when it created them. Only for the
 * embedded database, or a DATABASE_URL one with SEED_DEMO=true (config.seedDemoUsers).
 */
export async function seedDemoUsers(db: Db, accounts: AccountService): Promise<boolean> {
  let created = false;
  for (const demo of [DEMO_ADMIN, DEMO_CUSTOMER]) {
    if (await exists(db, demo.email)) continue;
    try {
      await accounts.signUp(demo);
      created = true;
    } catch (err) {
      // Another instance starting at the same moment created it first.
      if (!(err instanceof AppError && err.status === 409)) throw err;
    }
  }
  await accounts.setAdmin(DEMO_ADMIN.email, true);
  return created;
}
