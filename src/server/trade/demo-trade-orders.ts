import { eq } from 'drizzle-orm';
import { SYSTEM } from '~/shared/orders/actor';
import type { Db } from '../db/client';
import { profiles, tradeOrders } from '../db/schema';
import type { CreditNotesService } from './credit-notes-service';
import type { TradeOrdersService } from './trade-orders-service';

/**
 * The demo café's orders on account (decision 085), made once through the service as the café
 * would place them: one delivered and invoiced (INV-000001, not paid yet), one waiting for its
 * delivery day, so `npm start` shows the order form's "Same as last order", the café's invoices
 * and the owner's Invoices page with something in each list. Two cookies of the invoiced order
 * came broken: credit note CN-000001 takes them off what the invoice asks.
 */
export async function seedDemoTradeOrders(
  db: Db,
  tradeOrdersService: TradeOrdersService,
  creditNotes: CreditNotesService,
  email: string,
): Promise<boolean> {
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  if (!profile) return false;
  const form = await tradeOrdersService.form(profile.id);
  if (!form || form.offer.length === 0 || form.days.length === 0) return false;
  const [already] = await db
    .select({ id: tradeOrders.orderId })
    .from(tradeOrders)
    .where(eq(tradeOrders.accountId, form.account.id))
    .limit(1);
  if (already) return false;
  const actor = { type: 'customer' as const, id: profile.id, name: form.account.contactName };
  // A case (or the minimum) of one cookie each time, so both fit the demo's credit limit.
  const caseOf = (i: number) => {
    const o = form.offer[i % form.offer.length]!;
    return { [o.productId]: Math.max(o.caseSize, o.minQuantity) };
  };
  const first = await tradeOrdersService.place(
    profile.id,
    { quantities: caseOf(0), deliveryDate: form.days[0]!.date },
    actor,
  );
  const invoice = await tradeOrdersService.deliver(first.orderId, SYSTEM);
  const broken = { reason: 'short', quantities: { 0: 2 }, note: 'Two came broken in the box.' };
  await creditNotes.issue(invoice, broken, SYSTEM);
  const later = form.days[1] ?? form.days[0]!;
  await tradeOrdersService.place(profile.id, { quantities: caseOf(1), deliveryDate: later.date }, actor);
  return true;
}
