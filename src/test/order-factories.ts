import { randomUUID } from 'node:crypto';
import { deliveries, orderItems, orderPayments, orders, profiles, users } from '~/server/db/schema';
import type { Services } from '~/server/services';
import type { BoxContents } from '~/shared/boxes/box';
import type { GiftCardPurchase } from '~/shared/gift-cards/gift-card-code';
import { type OrderStatus, REVENUE_STATUSES } from '~/shared/orders/statuses';

type ProfileRow = typeof profiles.$inferSelect;

/**
 * A customer written straight into users + profiles (no password, cannot sign in): quick, for
 * lists and orders. Use createUser from ./factories for someone who signs in.
 */
export async function createCustomer(
  services: Services,
  overrides: Partial<typeof profiles.$inferInsert> = {},
) {
  const id = overrides.id ?? randomUUID();
  const email = overrides.email ?? `buyer-${id.slice(0, 8)}@example.com`;
  const fullName = overrides.fullName ?? 'Alice Baker';
  await services.db.insert(users).values({ id, email, name: fullName }).onConflictDoNothing();
  const [row] = await services.db
    .insert(profiles)
    .values({
      id,
      fullName,
      email,
      phone: '07123456789',
      address: '1 Wyle Cop',
      city: 'Shrewsbury',
      postcode: 'SY1 1XB',
      ...overrides,
    })
    .returning();
  return row!;
}

export interface OrderLineSpec {
  productName?: string;
  productId?: string | null;
  quantity?: number;
  unitPricePennies?: number;
  vatRate?: 0 | 5 | 20;
  /** A box's cookies in one box (decision 042); its size is their count. */
  boxContents?: BoxContents | null;
  /** A gift card bought (decision 047): who it is for. */
  giftCard?: GiftCardPurchase | null;
}

/**
 * An order with its lines, as checkout writes them: totals from the lines plus the delivery
 * fee, the address copied from the profile. Pass `profile` (or `profileId`) to choose the customer.
 */
export async function createOrder(
  services: Services,
  options: {
    profile?: ProfileRow;
    profileId?: string;
    status?: OrderStatus;
    items?: OrderLineSpec[];
    deliveryFeePennies?: number;
    createdAt?: Date;
    /** The delivery day chosen at checkout ('YYYY-MM-DD'). */
    deliveryDate?: string;
    /** A discount code's name and what it took off the cookies (no discount_codes row needed). */
    discount?: { code: string; pennies: number };
    /** Collected from the bakery, or delivered in this zone (as checkout keeps it). */
    fulfilment?: 'delivery' | 'collection';
    zone?: { id: string; name: string };
  } = {},
) {
  const profile =
    options.profile ??
    (options.profileId
      ? await services.accounts.getProfile(options.profileId)
      : await createCustomer(services));
  const lines = (options.items ?? [{}]).map((l, i) => ({
    productId: l.productId ?? null,
    productName: l.productName ?? `Cookie ${i + 1}`,
    quantity: l.quantity ?? 1,
    unitPricePennies: l.unitPricePennies ?? 450,
    vatRate: l.vatRate ?? 0,
    boxContents: l.boxContents ?? null,
    giftCard: l.giftCard ?? null,
    cookiesEach: l.boxContents ? l.boxContents.reduce((n, e) => n + e.quantity, 0) : 1,
  }));
  const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.unitPricePennies, 0);
  const deliveryFee = options.deliveryFeePennies ?? 499;
  const paid = REVENUE_STATUSES.includes(options.status ?? 'pending');
  return services.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        profileId: profile.id,
        status: options.status ?? 'pending',
        subtotalPennies: subtotal,
        deliveryFeePennies: deliveryFee,
        totalPennies: subtotal - (options.discount?.pennies ?? 0) + deliveryFee,
        discountCode: options.discount?.code ?? null,
        discountPennies: options.discount?.pennies ?? 0,
        deliveryDate: options.deliveryDate ?? null,
        fulfilment: options.fulfilment ?? 'delivery',
        deliveryZoneId: options.zone?.id ?? null,
        deliveryZoneName: options.zone?.name ?? null,
        shipName: profile.fullName,
        shipPhone: profile.phone,
        shipAddress: profile.address,
        shipCity: profile.city,
        shipPostcode: profile.postcode,
        paymentProvider: 'test',
        paymentSessionId: `test_${randomUUID()}`,
        ...(paid ? { paidAt: options.createdAt ?? new Date() } : {}),
        ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      })
      .returning();
    // A paid order's money is recorded, as the shop records it.
    if (paid) {
      await tx.insert(orderPayments).values({
        orderId: order!.id,
        provider: 'test',
        sessionId: order!.paymentSessionId!,
        amountPennies: order!.totalPennies,
        currency: 'gbp',
        eventId: `test_evt_${order!.id}`,
      });
    }
    const items = await tx
      .insert(orderItems)
      .values(lines.map((l) => ({ ...l, orderId: order!.id })))
      .returning();
    return { ...order!, items };
  });
}

/** A delivery for an order (one per order), `preparing` unless told otherwise. */
export async function createDelivery(
  services: Services,
  options: {
    orderId?: string;
    status?: (typeof deliveries.$inferInsert)['status'];
    trackingCode?: string | null;
    driverNotes?: string | null;
    createdAt?: Date;
  } = {},
) {
  const orderId = options.orderId ?? (await createOrder(services, { status: 'paid' })).id;
  const [row] = await services.db
    .insert(deliveries)
    .values({
      orderId,
      status: options.status ?? 'preparing',
      trackingCode: options.trackingCode ?? null,
      driverNotes: options.driverNotes ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  return row!;
}
