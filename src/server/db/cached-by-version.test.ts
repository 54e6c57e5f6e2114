import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSettings } from '~/server/db/schema';
import type { ShopSettings } from '~/shared/settings/shop-settings';
import { sharedDataChanged } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { cachedByVersion } from './cached-by-version';

// Decision 056: the shop's settings and zones are kept per catalogue version; every checkout,
// quote and several pages read them, so a miss must cost one read however many ask at once, and a
// failed read must not stick.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a shop-wide read kept per catalogue version', () => {
  it('is read once for callers missing at once, and again only after a change', async () => {
    let loads = 0;
    const get = cachedByVersion(t.services.db, t.services.catalogVersion, async (exec) => {
      loads++;
      return t.services.settings.read(exec);
    });
    const answers = await Promise.all(Array.from({ length: 8 }, () => get()));
    expect(loads).toBe(1);
    expect(new Set(answers).size).toBe(1);
    await get();
    expect(loads).toBe(1);
    await sharedDataChanged(t.services);
    await Promise.all([get(), get()]);
    expect(loads).toBe(2);
  });

  it('keeps no failure: the next caller reads again', async () => {
    let fail = true;
    const get = cachedByVersion(t.services.db, t.services.catalogVersion, async (exec) => {
      if (fail) throw new Error('the database went away');
      return t.services.settings.read(exec);
    });
    await expect(Promise.all([get(), get()])).rejects.toThrow('the database went away');
    fail = false;
    expect((await get()).deliveryFeePennies).toBe(499);
  });

  it('does not keep what a transaction read of its own uncommitted writes', async () => {
    const before: ShopSettings = await t.services.settings.get();
    await t.services.db
      .transaction(async (tx) => {
        await tx
          .insert(shopSettings)
          .values({ id: 1, ...before, deliveryFeePennies: 123 })
          .onConflictDoUpdate({ target: shopSettings.id, set: { deliveryFeePennies: 123 } });
        await t.services.catalogVersion.recordChange(tx);
        expect((await t.services.settings.read(tx)).deliveryFeePennies).toBe(123);
        // From memory or through the transaction: either way not kept for everyone.
        await t.services.settings.get(tx);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await t.services.settings.get()).toEqual(before);
  });

  it('forgets a version read that an invalidation overtook', async () => {
    const { catalogVersion } = t.services;
    catalogVersion.invalidate();
    const reading = catalogVersion.current();
    // A writer commits and invalidates while the read is on its way: its answer may be the old one.
    catalogVersion.invalidate();
    await reading;
    expect(catalogVersion.known()).toBeNull();
    await catalogVersion.current();
    expect(catalogVersion.known()).not.toBeNull();
  });
});
