import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { OrderStatus } from '~/shared/constants';
import { ADMIN_PAGE_SIZE, OrderListQuerySchema, OrderStatusUpdateSchema } from '~/shared/schemas/admin';
import type { Db } from '../db/client';
import { orderItems, orders, profiles } from '../db/schema';
import { notFound, parseOrThrow } from '../errors';
import { isUuid, newestFirst, type Page, pageOffset, toPage } from './paging';

export interface AdminOrderItemDto {
  id: string;
  product_id: string | null;
  product_name: string;
  quantity: number;
  unit_price_pennies: number;
  line_total_pennies: number;
}

export interface AdminOrderDto {
  id: string;
  status: OrderStatus;
  created_at: string;
  subtotal_pennies: number;
  delivery_fee_pennies: number;
  total_pennies: number;
  customer: { id: string; full_name: string; email: string };
  /** The delivery address as it was when the order was placed. */
  ship: { name: string; phone: string; address: string; city: string; postcode: string };
  items: AdminOrderItemDto[];
}

const orderColumns = {
  id: orders.id,
  status: orders.status,
  createdAt: orders.createdAt,
  subtotalPennies: orders.subtotalPennies,
  deliveryFeePennies: orders.deliveryFeePennies,
  totalPennies: orders.totalPennies,
  shipName: orders.shipName,
  shipPhone: orders.shipPhone,
  shipAddress: orders.shipAddress,
  shipCity: orders.shipCity,
  shipPostcode: orders.shipPostcode,
  profileId: profiles.id,
  fullName: profiles.fullName,
  email: profiles.email,
};

/** Every customer's orders for the back office: paged, filtered by status, status changes. */
export function createAdminOrdersService(db: Db) {
  /** The orders' lines in one query, grouped by order id. */
  async function itemsOf(orderIds: string[]) {
    const byOrder = new Map<string, AdminOrderItemDto[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = await db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.productName), asc(orderItems.id));
    for (const r of rows) {
      const list = byOrder.get(r.orderId) ?? [];
      list.push({
        id: r.id,
        product_id: r.productId,
        product_name: r.productName,
        quantity: r.quantity,
        unit_price_pennies: r.unitPricePennies,
        line_total_pennies: r.quantity * r.unitPricePennies,
      });
      byOrder.set(r.orderId, list);
    }
    return byOrder;
  }

  const selectOrders = () =>
    db.select(orderColumns).from(orders).innerJoin(profiles, eq(profiles.id, orders.profileId));
  type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

  const toDto = (o: OrderRow, items: AdminOrderItemDto[]): AdminOrderDto => ({
    id: o.id,
    status: o.status,
    created_at: o.createdAt.toISOString(),
    subtotal_pennies: o.subtotalPennies,
    delivery_fee_pennies: o.deliveryFeePennies,
    total_pennies: o.totalPennies,
    customer: { id: o.profileId, full_name: o.fullName, email: o.email },
    ship: {
      name: o.shipName,
      phone: o.shipPhone,
      address: o.shipAddress,
      city: o.shipCity,
      postcode: o.shipPostcode,
    },
    items,
  });

  async function getOne(id: string): Promise<AdminOrderDto> {
    const [row] = await selectOrders().where(eq(orders.id, id)).limit(1);
    if (!row) throw notFound('Order not found');
    return toDto(row, (await itemsOf([id])).get(id) ?? []);
  }

  return {
    /** Newest first, one page at a time (the created_at index keeps this fast however many orders exist). */
    async list(query: unknown = {}): Promise<Page<AdminOrderDto> & { status: OrderStatus | null }> {
      const { status, page } = parseOrThrow(OrderListQuerySchema, query);
      const where = status ? eq(orders.status, status) : undefined;
      const [rows, [total]] = await Promise.all([
        selectOrders()
          .where(where)
          .orderBy(newestFirst(orders.createdAt), desc(orders.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset(pageOffset(page)),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      const items = await itemsOf(rows.map((r) => r.id));
      return {
        ...toPage(
          rows.map((r) => toDto(r, items.get(r.id) ?? [])),
          page,
          total!.n,
        ),
        status: status ?? null,
      };
    },

    get(id: string): Promise<AdminOrderDto> {
      if (!isUuid(id)) throw notFound('Order not found');
      return getOne(id);
    },

    /** SPEC §4: the admin may set any status from any other. */
    async updateStatus(id: string, input: unknown): Promise<AdminOrderDto> {
      if (!isUuid(id)) throw notFound('Order not found');
      const { status } = parseOrThrow(OrderStatusUpdateSchema, input);
      const updated = await db
        .update(orders)
        .set({ status })
        .where(eq(orders.id, id))
        .returning({ id: orders.id });
      if (updated.length === 0) throw notFound('Order not found');
      return getOne(id);
    },
  };
}
