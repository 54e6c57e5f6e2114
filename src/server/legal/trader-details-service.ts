import { eq } from 'drizzle-orm';
import { type TraderDetails, TraderDetailsSchema, traderLine } from '~/shared/legal/trader-details';
import { recordActivity } from '../activity/activity-log';
import type { Config, ShopInfo } from '../config';
import { cachedByVersion } from '../db/cached-by-version';
import type { CatalogVersion } from '../db/catalog-version';
import type { Db, Tx } from '../db/client';
import { traderDetails } from '../db/schema';
import { parseOrThrow } from '../errors';

/** The shop's details as customers see them: the configured ones with the owner's "Who we are" over them. */
export type ShopDetails = ShopInfo & { trader: TraderDetails; traderLine: string };

/**
 * Who we are. Until the owner saves them, the address, phone, e-mail and VAT number
 * are the configured SHOP_ADDRESS, SHOP_PHONE, SHOP_EMAIL and VAT_NUMBER (decision 080); the
 * legal name has no default, so a new shop is told it is missing. Kept in memory per catalogue
 * version, as the settings are: saving bumps it, so every page shows the new details at once.
 */
export function createTraderDetailsService(config: Config, db: Db, pageVersion: CatalogVersion) {
  const defaults: TraderDetails = {
    legalName: '',
    address: config.shop.address ?? '',
    email: config.shop.email,
    phone: config.shop.phone ?? '',
    companyNumber: '',
    registeredOffice: '',
    vatNumber: config.shop.vatNumber ?? '',
  };

  async function read(exec: Db | Tx): Promise<TraderDetails> {
    const [row] = await exec.select().from(traderDetails).where(eq(traderDetails.id, 1));
    if (!row) return Object.freeze({ ...defaults });
    const { id: _, updatedAt: __, ...details } = row;
    return Object.freeze(details);
  }
  const get = cachedByVersion(db, pageVersion, read);

  /** The shop's details for pages and e-mails: address, phone and VAT number as the owner set them. */
  async function shop(exec?: Db | Tx): Promise<ShopDetails> {
    const trader = await get(exec);
    return {
      ...config.shop,
      address: trader.address || null,
      phone: trader.phone || null,
      vatNumber: trader.vatNumber || null,
      trader,
      traderLine: traderLine(trader),
    };
  }

  return {
    get,
    shop,
    /** Saves the Settings form's "Who we are"; a refusal (400 with the reason) writes nothing. */
    async save(input: unknown): Promise<TraderDetails> {
      const details = parseOrThrow(TraderDetailsSchema, input);
      await pageVersion.changing(async (tx) => {
        await recordActivity(tx, {
          kind: 'settings.trader',
          record: ['settings', 'trader'],
          before: { ...(await read(tx)) },
          after: details,
        });
        await tx
          .insert(traderDetails)
          .values({ id: 1, ...details })
          .onConflictDoUpdate({ target: traderDetails.id, set: { ...details, updatedAt: new Date() } });
      });
      return get();
    },
  };
}

export type TraderDetailsService = ReturnType<typeof createTraderDetailsService>;

/** The demo shop's details, so `npm start` shows a complete Legal page. */
export const DEMO_TRADER: TraderDetails = {
  legalName: 'Shropshire Cookie Company Ltd',
  address: 'The Bakehouse, 4 Wyle Cop, Shrewsbury SY1 1UT',
  email: 'hello@shropshirecookies.example',
  phone: '01743 555 0123',
  companyNumber: '01234567',
  registeredOffice: 'The Bakehouse, 4 Wyle Cop, Shrewsbury SY1 1UT',
  vatNumber: '',
};

/** Writes the demo details into a shop that has none; does nothing otherwise. */
export async function seedDemoTrader(db: Db): Promise<boolean> {
  const rows = await db
    .insert(traderDetails)
    .values({ id: 1, ...DEMO_TRADER })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}
