import { asc, eq, sql } from 'drizzle-orm';
import { DEMO_ZONES, type ZoneDraft } from '~/shared/delivery-zones/demo-zones';
import { parsePostcode } from '~/shared/delivery-zones/postcode-rules';
import { ZoneFormSchema } from '~/shared/delivery-zones/zone-schema';
import { checkerText, NOT_A_POSTCODE, refusedText } from '~/shared/delivery-zones/zone-texts';
import { type DeliveryZone, findZone, type ZoneMethod, zoneOverlaps } from '~/shared/delivery-zones/zones';
import { isUuid } from '~/shared/ids';
import { recordActivity } from '../activity/activity-log';
import type { BakeDaysService } from '../bake-days/bake-days-service';
import { cachedByVersion } from '../db/cached-by-version';
import { type CatalogVersion, recordCatalogChange } from '../db/catalog-version';
import type { Db, Tx } from '../db/client';
import { deliveryZones } from '../db/schema';
import { badRequest, notFound, parseOrThrow } from '../errors';

type ZoneRow = typeof deliveryZones.$inferSelect;

const zoneOf = (row: ZoneRow): DeliveryZone => ({
  id: row.id,
  name: row.name,
  postcodes: row.postcodes,
  method: row.method as ZoneMethod,
  feePennies: row.feePennies,
  freeOverPennies: row.freeOverPennies,
  minimumOrderPennies: row.minimumOrderPennies,
  weekdays: row.weekdays,
  cutoffTime: row.cutoffTime,
  cutoffDaysBefore: row.cutoffDaysBefore,
  dailyOrderCap: row.dailyOrderCap,
  serviceCode: row.serviceCode,
  transitDays: row.transitDays,
  position: row.position,
});

/**
 * Every zone, in the owner's order, from the database (or `exec`'s transaction) as it is now.
 * Frozen: the zones service keeps one copy per catalogue version for every caller.
 */
export async function listZones(exec: Db | Tx): Promise<readonly DeliveryZone[]> {
  const rows = await exec
    .select()
    .from(deliveryZones)
    .orderBy(asc(deliveryZones.position), asc(deliveryZones.createdAt));
  return Object.freeze(rows.map((row) => Object.freeze(zoneOf(row))));
}

/** The demo zones, into a shop that has none (seeded beside the demo catalogue). */
export async function seedDemoZones(db: Db): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(deliveryZones);
  if (Number(n) > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(deliveryZones).values(DEMO_ZONES);
    // Another instance may already keep the shop's (no) zones.
    await recordCatalogChange(tx);
  });
  return true;
}

/**
 * Where an address's postcode is delivered, as checkout decides it: `zone` is the zone serving it,
 * `refused` the customer's reason when none does. With no zones at all, the shop delivers
 * everywhere at the Settings fee (as before zones, decision 041): zone null, refused null.
 */
export interface ZoneDecision {
  zone: DeliveryZone | null;
  refused: string | null;
}

export function decideZone(zones: readonly DeliveryZone[], postcode: string): ZoneDecision {
  if (zones.length === 0) return { zone: null, refused: null };
  const parsed = parsePostcode(postcode);
  if (!parsed) return { zone: null, refused: NOT_A_POSTCODE };
  const match = findZone(zones, postcode);
  if (!match || match.zone.method === 'none') return { zone: null, refused: refusedText(parsed.outcode) };
  return { zone: match.zone, refused: null };
}

/**
 * Delivery zones (decision 041), kept in memory per catalogue version (decision 056): every write
 * here bumps it, so this instance sees a change at once and other instances within a second.
 */
export function createZonesService(db: Db, bakeDays: BakeDaysService, version: CatalogVersion) {
  const list = cachedByVersion(db, version, listZones);

  async function withOverlaps() {
    const zones = await list();
    return { zones, overlaps: zoneOverlaps(zones) };
  }

  /** A write of the zones, with the version bumped in its transaction and forgotten after commit. */
  const changing = <T>(write: (tx: Tx) => Promise<T>) => version.changing(write);

  return {
    /** Every zone, from memory while the catalogue version holds (also inside a transaction). */
    list,
    withOverlaps,

    /** Where a postcode is delivered, from the zones as they are now. */
    async decide(exec: Db | Tx, postcode: string): Promise<ZoneDecision> {
      return decideZone(await list(exec), postcode);
    },

    /**
     * The postcode checker (no sign-in): the zone, its fee and the next day it is delivered or
     * dispatched, or why not.
     */
    async check(rawPostcode: unknown): Promise<{ ok: boolean; message: string; zone: string | null }> {
      const parsed = typeof rawPostcode === 'string' ? parsePostcode(rawPostcode) : null;
      if (!parsed) return { ok: false, message: NOT_A_POSTCODE, zone: null };
      const { zone, refused } = decideZone(await list(), parsed.postcode);
      if (refused) return { ok: false, message: refused, zone: null };
      if (!zone) return { ok: true, message: `${parsed.postcode}: we deliver there`, zone: null };
      const days = await bakeDays.choices(1, 'delivery', zone);
      const next = days.find((d) => d.state === 'open')?.date ?? null;
      return { ok: true, message: checkerText(parsed.postcode, zone, next), zone: zone.name };
    },

    /** Adds a zone, or saves one (`id`); answers every zone with the overlaps to show the owner. */
    async save(id: string | null, input: unknown) {
      const draft: ZoneDraft = parseOrThrow(ZoneFormSchema, input);
      if (id && !isUuid(id)) throw notFound('No such zone');
      await changing(async (tx) => {
        if (id) {
          const saved = await tx
            .update(deliveryZones)
            .set({ ...draft, updatedAt: new Date() })
            .where(eq(deliveryZones.id, id))
            .returning({ id: deliveryZones.id });
          if (saved.length === 0) throw notFound('No such zone');
          await recordActivity(tx, { kind: 'zone.save', record: ['zone', id], after: draft });
        } else {
          const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(deliveryZones);
          if (Number(n) >= 100) throw badRequest('A shop may have up to 100 zones');
          const [made] = await tx.insert(deliveryZones).values(draft).returning({ id: deliveryZones.id });
          await recordActivity(tx, { kind: 'zone.add', record: ['zone', made!.id], after: draft });
        }
      });
      return withOverlaps();
    },

    async remove(id: string) {
      if (!isUuid(id)) throw notFound('No such zone');
      await changing(async (tx) => {
        const removed = await tx
          .delete(deliveryZones)
          .where(eq(deliveryZones.id, id))
          .returning({ id: deliveryZones.id });
        if (removed.length === 0) throw notFound('No such zone');
        await recordActivity(tx, { kind: 'zone.remove', record: ['zone', id] });
      });
      return withOverlaps();
    },
  };
}

export type ZonesService = ReturnType<typeof createZonesService>;
