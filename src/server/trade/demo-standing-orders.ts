import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles, standingOrders } from '../db/schema';
import type { StandingOrdersService } from './standing-orders-service';

/** Tuesday and Friday, when the café's zone delivers then. */
const WANTED_WEEKDAYS = [2, 5];

/**
 * The demo café's standing order (decision 089), set up once through the service as the café
 * would: "every Tuesday and Friday: a case of each of its first two cookies" (its zone's first
 * two delivery days when it has no van on those days). The sweep run at start makes its coming
 * days, so `npm start` shows them on the café's orders and on the bake day lists.
 */
export async function seedDemoStandingOrder(
  db: Db,
  standing: StandingOrdersService,
  email: string,
): Promise<boolean> {
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  if (!profile) return false;
  const page = await standing.page({ profileId: profile.id });
  if (page.offer.length === 0 || page.deliveryWeekdays.length === 0) return false;
  const [already] = await db
    .select({ id: standingOrders.id })
    .from(standingOrders)
    .where(eq(standingOrders.accountId, page.account.id))
    .limit(1);
  if (already) return false;
  const both = WANTED_WEEKDAYS.filter((d) => page.deliveryWeekdays.includes(d));
  const weekdays = both.length > 0 ? both : page.deliveryWeekdays.slice(0, 2);
  const sized = (i: number, wanted: number) => {
    const o = page.offer[i]!;
    const step = o.caseSize;
    return Math.max(o.minQuantity, Math.ceil(wanted / step) * step);
  };
  const quantities: Record<string, number> = { [page.offer[0]!.productId]: sized(0, 12) };
  if (page.offer[1]) quantities[page.offer[1].productId] = sized(1, 12);
  await standing.save(
    { profileId: profile.id },
    { weekdays, quantities },
    {
      type: 'customer',
      id: profile.id,
      name: page.account.contactName,
    },
  );
  return true;
}
