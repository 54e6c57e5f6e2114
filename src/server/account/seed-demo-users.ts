import { eq } from 'drizzle-orm';
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
