import { desc, eq } from 'drizzle-orm';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus, type SubscriptionView } from '~/shared/club/club';
import { addDays, type IsoDate } from '~/shared/time/london-time';
import { boxRulesOf } from '../checkout/box-products';
import { profiles, subscriptions } from '../db/schema';
import { notFound } from '../errors';
import type { ClubDeps } from './club-deps';
import { monthlyPennies } from './club-pricing';
import { historyOf, viewsOf } from './club-views';

/**
 * The owner's Subscriptions page: every subscription with its member, the counts per status and
 * the monthly recurring revenue (active and failing subscriptions at today's price per delivery).
 */
export async function adminOverview(deps: ClubDeps) {
  const rows = await deps.db
    .select({
      sub: subscriptions,
      member: { id: profiles.id, full_name: profiles.fullName, email: profiles.email },
    })
    .from(subscriptions)
    .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
    .orderBy(desc(subscriptions.createdAt));
  const views = await viewsOf(
    deps,
    deps.db,
    rows.map((r) => r.sub),
  );
  const counts = Object.fromEntries(SUBSCRIPTION_STATUSES.map((s) => [s, 0])) as Record<
    SubscriptionStatus,
    number
  >;
  let mrr = 0;
  for (const v of views) {
    counts[v.status]++;
    if (v.status === 'active' || v.status === 'failing')
      mrr += monthlyPennies(v.price_pennies, v.every_weeks);
  }
  return {
    counts,
    monthly_recurring_pennies: mrr,
    subscriptions: views.map((v, i) => ({ ...v, member: rows[i]!.member })),
  };
}

/** One subscription for the owner: its deliveries, the payments of their orders, and who did what. */
export async function adminDetail(deps: ClubDeps, id: string) {
  const [row] = await deps.db
    .select({
      sub: subscriptions,
      member: { id: profiles.id, full_name: profiles.fullName, email: profiles.email },
    })
    .from(subscriptions)
    .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
    .where(eq(subscriptions.id, id));
  if (!row) throw notFound('Subscription not found');
  const [view] = await viewsOf(deps, deps.db, [row.sub]);
  return {
    ...view!,
    member: row.member,
    payments: await deliveryPayments(deps, view!),
    history: await historyOf(deps.db, id),
  };
}

/** What was paid (and refunded) for each delivery that was made, from its order. */
export async function deliveryPayments(deps: ClubDeps, view: SubscriptionView) {
  const payments = [];
  for (const delivery of view.boxes) {
    if (!delivery.order_id) continue;
    const order = await deps.orders.getForAdmin(delivery.order_id);
    payments.push({
      box_id: delivery.id,
      order_id: order.id,
      order_number: order.number,
      order_status: order.status,
      paid_pennies: order.paid_pennies,
      refunded_pennies: order.refunded_pennies,
      payments: order.payments,
    });
  }
  return payments;
}

/**
 * Boxes the scheduler will make between `from` and `to`, per day, before they are made: the
 * bake-days overview shows them so the owner plans for them. A delivery lands on its own date (a full
 * or closed day moves it only when it is made).
 */
export async function upcomingDeliveries(deps: ClubDeps, from: IsoDate, to: IsoDate) {
  const rows = await deps.db.select().from(subscriptions);
  const sizes = await boxRulesOf(
    deps.db,
    rows.flatMap((s) => (s.productId ? [s.productId] : [])),
  );
  const byDay = new Map<IsoDate, { deliveries: number; cookies: number }>();
  for (const s of rows) {
    if (s.status !== 'active' && s.status !== 'failing' && s.status !== 'paused') continue;
    // Without a saved card no delivery is made: nothing to plan for.
    if (!s.paymentMethodId) continue;
    for (let d = s.nextDeliveryDate; d <= to; d = addDays(d, s.everyWeeks * 7)) {
      if (d < from) continue;
      if (s.status === 'paused' && (s.pausedUntil === null || d < s.pausedUntil)) continue;
      const day = byDay.get(d) ?? { deliveries: 0, cookies: 0 };
      day.deliveries++;
      day.cookies += s.quantity * ((s.productId && sizes.get(s.productId)?.size) || 1);
      byDay.set(d, day);
    }
  }
  return [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, v]) => ({ date, ...v }));
}
