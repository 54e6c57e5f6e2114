import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { VatRate } from '~/shared/food-information';
import type { OrderStatus } from '~/shared/orders/statuses';
import { priceOrder } from '~/shared/pricing/price-order';
import { addDays, type IsoDate, londonDate, londonInstant } from '~/shared/time/london-time';
import type { AccountService } from './account/account-service';
import type { Db } from './db/client';
import { orderItems, orderPayments, orderStatusHistory, orders, products } from './db/schema';
import { AppError } from './errors';
import { shipToValues } from './orders/ship-to-columns';
import type { createReviewsService } from './reviews/reviews-service';

interface DemoServices {
  db: Db;
  accounts: AccountService;
  reviews: ReturnType<typeof createReviewsService>;
}

/**
 * Three earlier buyers of the demo shop, each with one collected order and a review of it, so a
 * fresh `npm start` shows stars on the shop, reviews on product pages and money on the dashboard.
 * They sign up with a password nobody knows: they are people in the shop's past, not demo logins.
 */
const BUYERS = [
  {
    fullName: 'Hannah Price',
    city: 'Ludlow',
    postcode: 'SY8 1AY',
    daysAgo: 24,
    buys: [{ name: 'Dark Chocolate & Sea Salt', quantity: 6 }],
    review: { rating: 5, comment: 'Gooey in the middle and just salty enough. Gone in a day.' },
  },
  {
    fullName: 'Tom Edwards',
    city: 'Shrewsbury',
    postcode: 'SY1 1XB',
    daysAgo: 17,
    buys: [
      { name: 'Classic Shropshire Butter', quantity: 4 },
      { name: 'Double Ginger Crunch', quantity: 4 },
    ],
    review: { rating: 4, comment: 'Proper buttery shortbread-style cookie. I would like a bigger box.' },
  },
  {
    fullName: 'Megan Lloyd',
    city: 'Church Stretton',
    postcode: 'SY6 6BD',
    daysAgo: 10,
    buys: [{ name: 'Dark Chocolate & Sea Salt', quantity: 3 }],
    review: { rating: 5, comment: 'Collected on the way to work; the best thing I ate all week.' },
  },
] as const;

/**
 * Writes the buyers, their collected orders and their reviews: each order priced by `priceOrder`
 * (as checkout prices one), its card payment recorded, its history placed, paid and collected;
 * each review written and approved through the reviews service. Run once, when the demo accounts
 * are first made.
 */
export async function seedDemoHistory(s: DemoServices, now = new Date()): Promise<void> {
  const names = BUYERS.flatMap((b) => b.buys.map((l) => l.name));
  const rows = await s.db.select().from(products).where(inArray(products.name, names));
  const byName = new Map(rows.map((p) => [p.name, p]));
  if (names.some((n) => !byName.has(n))) return; // the owner's catalogue, not the demo's

  for (const buyer of BUYERS) {
    const email = `${buyer.fullName.toLowerCase().replace(' ', '.')}@example.com`;
    const ship = {
      name: buyer.fullName,
      phone: '07700900123',
      address: '3 High Street',
      city: buyer.city,
      postcode: buyer.postcode,
      gift: null,
    };
    const made = await s.accounts
      .signUp({
        fullName: buyer.fullName,
        email,
        password: randomBytes(18).toString('base64url'),
        phone: ship.phone,
        address: ship.address,
        city: ship.city,
        postcode: ship.postcode,
      })
      // Another instance starting at the same moment made this buyer first, and their order.
      .catch((err) => {
        if (err instanceof AppError && err.status === 409) return null;
        throw err;
      });
    if (!made) continue;
    const { userId } = made;
    const lines = buyer.buys.map((l) => {
      const p = byName.get(l.name)!;
      return {
        productId: p.id,
        name: p.name,
        unitPricePennies: p.pricePennies,
        quantity: l.quantity,
        vatRate: p.vatRate as VatRate,
      };
    });
    const day: IsoDate = addDays(londonDate(now), -buyer.daysAgo);
    const placedAt = londonInstant(addDays(day, -2), '09:15');
    const priced = priceOrder({
      lines,
      fulfilment: 'collection',
      deliveryFeePennies: 0,
      freeDeliveryOverPennies: null,
      discount: null,
    });
    const sessionId = `test_demo_${randomUUID()}`;
    const collectedAt = londonInstant(day, '11:00');
    // Written as they stand after the fact, so no e-mail goes out today about an order of weeks ago,
    // and no day's capacity of the past is booked or flagged.
    const orderId = await s.db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          profileId: userId,
          status: 'completed',
          subtotalPennies: priced.subtotalPennies,
          discountPennies: priced.discountPennies,
          deliveryFeePennies: priced.deliveryPennies,
          deliveryWaivedPennies: priced.deliveryWaivedPennies,
          totalPennies: priced.totalPennies,
          fulfilment: 'collection',
          ...shipToValues(ship),
          paymentProvider: 'test',
          paymentSessionId: sessionId,
          deliveryDate: day,
          // Collected at 11:00: the demo's half-hour slot (decision 084).
          collectionSlotFrom: '11:00',
          collectionSlotTo: '11:30',
          paidAt: placedAt,
          createdAt: placedAt,
        })
        .returning({ id: orders.id });
      const id = order!.id;
      await tx.insert(orderItems).values(
        lines.map((l) => ({
          orderId: id,
          productId: l.productId,
          productName: l.name,
          quantity: l.quantity,
          unitPricePennies: l.unitPricePennies,
          vatRate: l.vatRate,
        })),
      );
      await tx.insert(orderPayments).values({
        orderId: id,
        provider: 'test',
        sessionId,
        amountPennies: priced.totalPennies,
        currency: 'gbp',
        eventId: `evt_${sessionId}`,
      });
      const step = (fromStatus: OrderStatus | null, toStatus: OrderStatus, note: string, at: Date) => ({
        orderId: id,
        fromStatus,
        toStatus,
        actorType: 'system' as const,
        actorName: 'System',
        note,
        createdAt: at,
      });
      await tx
        .insert(orderStatusHistory)
        .values([
          step(null, 'pending', 'Order placed', placedAt),
          step('pending', 'paid', 'Paid by card', placedAt),
          step('paid', 'completed', 'Collected', collectedAt),
        ]);
      return id;
    });

    const [first] = await s.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    const id = await s.reviews.write(userId, orderId, first!.id, buyer.review);
    await s.reviews.moderate(id, { action: 'approve' });
  }
}
