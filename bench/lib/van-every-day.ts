import { eq } from 'drizzle-orm';
import { deliveryZones } from '../../src/server/db/schema';
import type { createServices } from '../../src/server/services';

/**
 * The bench customers live in the demo's van zone (SY1), which delivers Tuesdays and Fridays with
 * a cap on orders a day. A bench about checkouts, not the van's round, opens it every day uncapped,
 * so what runs out is what the bench is about (a day's oven, a box's own limit).
 */
export async function vanEveryDay(services: Awaited<ReturnType<typeof createServices>>) {
  await services.db
    .update(deliveryZones)
    .set({ weekdays: [0, 1, 2, 3, 4, 5, 6], dailyOrderCap: null })
    .where(eq(deliveryZones.method, 'van'));
  // As the zones' own writes do: the services keep the zones per catalogue version.
  await services.catalogVersion.recordChange(services.db);
  services.catalogVersion.invalidate();
}
