import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/config';
import { signIn } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { DEMO_ADMIN, DEMO_CUSTOMER, seedDemoUsers } from './seed-demo-users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo accounts', () => {
  it('creates the demo admin and customer once, with their profiles and roles', async () => {
    expect(await seedDemoUsers(t.services.db, t.services.accounts)).toBe(true);
    expect(await seedDemoUsers(t.services.db, t.services.accounts)).toBe(false);

    const admin = await t.services.session.getUser(
      new Headers({ cookie: await signIn(t, DEMO_ADMIN.email, DEMO_ADMIN.password) }),
    );
    const customer = await t.services.session.getUser(
      new Headers({ cookie: await signIn(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password) }),
    );
    expect(admin?.role).toBe('admin');
    expect(customer?.role).toBe('customer');
    expect((await t.services.accounts.getProfile(customer!.id)).postcode).toBe(DEMO_CUSTOMER.postcode);
  });

  it.each([
    ['the embedded database', {}, true],
    ['a DATABASE_URL database', { DATABASE_URL: 'postgres://db.example/shop' }, false],
    [
      'a DATABASE_URL database with SEED_DEMO=true',
      { DATABASE_URL: 'postgres://db.example/shop', SEED_DEMO: 'true' },
      true,
    ],
    // A real shop on the embedded database, behind a proxy that makes it public (deploy/).
    ['the embedded database with SEED_DEMO=false', { SEED_DEMO: 'false' }, false],
  ])('are seeded into %s: %s', (_, env, expected) => {
    const config = loadConfig({ NODE_ENV: 'test', BETTER_AUTH_SECRET: 'x'.repeat(32), ...env });
    expect(config.seedDemoUsers).toBe(expected);
  });
});
