import { eq } from 'drizzle-orm';
import { type ShopSettings, ShopSettingsSchema } from '~/shared/settings/shop-settings';
import { recordActivity } from '../activity/activity-log';
import type { Config } from '../config';
import { cachedByVersion } from '../db/cached-by-version';
import type { CatalogVersion } from '../db/catalog-version';
import type { Db, Tx } from '../db/client';
import { shopSettings } from '../db/schema';
import { parseOrThrow } from '../errors';

/**
 * The owner's editable settings: delivery fee, free delivery threshold, collection. Kept in memory
 * per catalogue version (decision 056): saving bumps it, so this instance answers the new settings
 * at once, other instances within the version's poll (a second), and no cached page shows the old
 * fee.
 */
export function createSettingsService(config: Config, db: Db, pageVersion: CatalogVersion) {
  const defaults: ShopSettings = {
    deliveryFeePennies: config.shop.deliveryFeePence,
    freeDeliveryOverPennies: null,
    collectionEnabled: false,
    collectionAddress: config.shop.address ?? '',
    collectionHours: '',
    collectionSlotMinutes: null,
    collectionSlotOpens: null,
    collectionSlotCloses: null,
    collectionSlotCap: null,
  };

  /** The row as the database (or `exec`'s transaction) has it now. */
  async function read(exec: Db | Tx): Promise<ShopSettings> {
    const [row] = await exec.select().from(shopSettings).where(eq(shopSettings.id, 1));
    if (!row) return Object.freeze({ ...defaults });
    const { id: _, updatedAt: __, ...settings } = row;
    // Saved before collection was first switched on: offer SHOP_ADDRESS when it is.
    // Frozen: every caller shares the kept copy.
    return Object.freeze({
      ...settings,
      collectionAddress: settings.collectionAddress || defaults.collectionAddress,
    });
  }
  const get = cachedByVersion(db, pageVersion, read);

  return {
    /**
     * The demo shop's collection slots (decision 084): half-hour slots 10:00-16:00, 4 orders each,
     * on a shop that has never saved its settings (collection itself stays off until switched on).
     */
    async seedDemoSlots(): Promise<void> {
      await pageVersion.changing(async (tx) => {
        await tx
          .insert(shopSettings)
          .values({
            id: 1,
            ...defaults,
            collectionSlotMinutes: 30,
            collectionSlotOpens: '10:00',
            collectionSlotCloses: '16:00',
            collectionSlotCap: 4,
          })
          .onConflictDoNothing();
      });
    },
    /** The settings, from memory while the catalogue version holds (also inside a transaction). */
    get,
    /** The settings from the database, for a transaction that must see its own writes. */
    read,

    /** Saves the Settings form; a refusal (400 with the reason) writes nothing. */
    async save(input: unknown): Promise<ShopSettings> {
      const settings = parseOrThrow(ShopSettingsSchema, input);
      await pageVersion.changing(async (tx) => {
        await recordActivity(tx, {
          kind: 'settings.save',
          record: ['settings', '1'],
          before: { ...(await read(tx)) },
          after: settings,
        });
        await tx
          .insert(shopSettings)
          .values({ id: 1, ...settings })
          .onConflictDoUpdate({ target: shopSettings.id, set: { ...settings, updatedAt: new Date() } });
      });
      return get();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
