import { desc, eq, inArray } from 'drizzle-orm';
import { contentsLine } from '~/shared/boxes/box';
import type { DeliveryStatus, SubscriptionStatus, SubscriptionView } from '~/shared/club/club';
import { boxRulesOf } from '../checkout/box-products';
import type { Db, Tx } from '../db/client';
import { clubDeliveries, products, profiles, subscriptionHistory, type subscriptions } from '../db/schema';
import { decideZone } from '../delivery-zones/zones-service';
import { templateNow, weekdaysFor } from './club-change';
import type { ClubDeps } from './club-deps';
import { priceIfSendable, pricingNow } from './club-pricing';

type SubRow = typeof subscriptions.$inferSelect;

/** Subscriptions as their members see them: today's price per delivery, and their deliveries newest first. */
export async function viewsOf(deps: ClubDeps, exec: Db | Tx, rows: SubRow[]): Promise<SubscriptionView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const deliveries = await exec
    .select()
    .from(clubDeliveries)
    .where(inArray(clubDeliveries.subscriptionId, ids))
    .orderBy(desc(clubDeliveries.scheduledDate));
  const productIds = rows.flatMap((r) => (r.productId ? [r.productId] : []));
  const names = new Map(
    (productIds.length
      ? await exec
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(inArray(products.id, productIds))
      : []
    ).map((p) => [p.id, p.name]),
  );
  const pricing = await pricingNow(deps, exec);
  const profileIds = [...new Set(rows.map((r) => r.profileId))];
  const postcodes = new Map(
    (
      await exec
        .select({ id: profiles.id, postcode: profiles.postcode })
        .from(profiles)
        .where(inArray(profiles.id, profileIds))
    ).map((p) => [p.id, p.postcode]),
  );
  const template = await templateNow(deps, exec);
  const sizes = await boxRulesOf(exec, productIds);
  const views: SubscriptionView[] = [];
  for (const r of rows) {
    const postcode = postcodes.get(r.profileId) || null;
    const price = await priceIfSendable(exec, pricing, { ...r, postcode });
    const zone = postcode ? decideZone(pricing.zones, postcode).zone : null;
    const rules = r.productId ? sizes.get(r.productId) : undefined;
    views.push({
      id: r.id,
      status: r.status as SubscriptionStatus,
      product_id: r.productId,
      product_name: (r.productId && names.get(r.productId)) || 'A cookie no longer sold',
      quantity: r.quantity,
      box_contents: price?.lines[0]?.box ? contentsLine(price.lines[0].box) : null,
      box_size: rules?.size ?? null,
      filling: rules && !rules.fixed ? (r.boxFilling ?? []) : null,
      every_weeks: r.everyWeeks,
      weekday: r.weekday,
      delivery_weekdays: weekdaysFor(template, zone),
      next_box_date: r.status === 'cancelled' ? null : r.nextDeliveryDate,
      price_pennies: price?.priced.totalPennies ?? r.quotedPennies,
      card_label: r.cardLabel,
      paused_until: r.pausedUntil,
      created_at: r.createdAt.toISOString(),
      boxes: deliveries
        .filter((b) => b.subscriptionId === r.id)
        .map((b) => ({
          id: b.id,
          box_date: b.scheduledDate,
          delivery_date: b.deliveryDate,
          status: b.status as DeliveryStatus,
          total_pennies: b.totalPennies,
          order_id: b.orderId,
          attempts: b.attempts,
          last_error: b.lastError,
        })),
    });
  }
  return views;
}

/** The owner's view of one subscription: the member, and who did what. */
export async function historyOf(exec: Db | Tx, subscriptionId: string) {
  const rows = await exec
    .select()
    .from(subscriptionHistory)
    .where(eq(subscriptionHistory.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionHistory.createdAt));
  return rows.map((h) => ({
    action: h.action,
    actor_type: h.actorType,
    actor_name: h.actorName,
    note: h.note,
    created_at: h.createdAt.toISOString(),
  }));
}

export async function memberOf(exec: Db | Tx, profileId: string) {
  const [p] = await exec
    .select({ id: profiles.id, full_name: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return p ?? null;
}
