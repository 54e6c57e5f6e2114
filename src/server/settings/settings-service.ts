import { eq } from 'drizzle-orm';
import { type ShopSettings, ShopSettingsSchema } from '~/shared/settings/shop-settings';
import type { CatalogVersion } from '../catalog/catalog-version';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { shopSettings } from '../db/schema';
import { parseOrThrow } from '../errors';

/**
 * The owner's editable settings: delivery fee, free delivery threshold, collection. Read from the
 * database on every checkout (one row by key), so a change holds on every instance at once. Saving
 * also bumps the page cache's version, so no cached page shows the old fee.
 */
export function createSettingsService(config: Config, db: Db, pageVersion: CatalogVersion) {
  const defaults: ShopSettings = {
    deliveryFeePennies: config.shop.deliveryFeePence,
    freeDeliveryOverPennies: null,
    collectionEnabled: false,
    collectionAddress: config.shop.address ?? '',
    collectionHours: '',
  };

  async function get(exec: Db | Tx = db): Promise<ShopSettings> {
    const [row] = await exec.select().from(shopSettings).where(eq(shopSettings.id, 1));
    if (!row) return defaults;
    const { id: _, updatedAt: __, ...settings } = row;
    // Saved before collection was first switched on: offer SHOP_ADDRESS when it is.
    return { ...settings, collectionAddress: settings.collectionAddress || defaults.collectionAddress };
  }

  return {
    get,

    /** Saves the Settings form; a refusal (400 with the reason) writes nothing. */
    async save(input: unknown): Promise<ShopSettings> {
      const settings = parseOrThrow(ShopSettingsSchema, input);
      await db.transaction(async (tx) => {
        await tx
          .insert(shopSettings)
          .values({ id: 1, ...settings })
          .onConflictDoUpdate({ target: shopSettings.id, set: { ...settings, updatedAt: new Date() } });
        await pageVersion.recordChange(tx);
      });
      pageVersion.invalidate();
      return get();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
