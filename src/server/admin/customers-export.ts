import { sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '../../shared/time/london-time';
import { csvRow, pounds } from '../csv/csv';
import type { Db } from '../db/client';
import { newestFirst } from '../db/paging';
import { profiles } from '../db/schema';
import type { OrdersService } from '../orders/orders-service';

const BATCH = 1000;

export const CUSTOMER_CSV_HEADER = [
  'Name',
  'E-mail',
  'Phone',
  'Address',
  'City',
  'Postcode',
  'Joined',
  'Orders',
  'Spent',
];

interface CustomerRow {
  id: string;
  at: string;
  joined: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postcode: string;
}

/** Every customer, newest first, as CSV rows a batch at a time (keyset on created_at, id). */
export async function* exportCustomerRows(db: Db, orders: OrdersService): AsyncGenerator<string[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const rows: CustomerRow[] = await db
      .select({
        id: profiles.id,
        // As text: it round-trips exactly, a Date would drop the microseconds and skip rows.
        at: sql<string>`${profiles.createdAt}::text`,
        joined: sql<string>`to_char(${profiles.createdAt} at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD')`,
        name: profiles.fullName,
        email: profiles.email,
        phone: profiles.phone,
        address: profiles.address,
        city: profiles.city,
        postcode: profiles.postcode,
      })
      .from(profiles)
      .where(
        after
          ? sql`(${profiles.createdAt}, ${profiles.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      )
      .orderBy(newestFirst(profiles.createdAt), sql`${profiles.id} desc`)
      .limit(BATCH);
    if (rows.length === 0) return;
    const spend = await orders.spendByCustomer(rows.map((r) => r.id));
    yield rows.map((r) =>
      csvRow([
        r.name,
        r.email,
        r.phone,
        r.address,
        r.city,
        r.postcode,
        r.joined,
        { number: String(spend.get(r.id)?.orderCount ?? 0) },
        { number: pounds(spend.get(r.id)?.spentPennies ?? 0) },
      ]),
    );
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
  }
}
