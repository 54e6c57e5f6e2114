import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

/**
 * A real bakery's size on top of `seedOrders` (bench/lib/seed-orders.ts), written with set-based
 * SQL as the shop itself would have written the rows: a busy bake day, trade invoices, reviews of
 * delivered orders and years of back-office activity. The demo catalogue (with its recipes) must
 * be there: the bake day's orders are of its cookies and boxes, so the production sheet has
 * recipes to scale.
 */

/** `count` paid orders for `date` (London), of the demo cookies with recipes; one in four adds a box. */
export async function seedBakeDay(db: Db, date: string, count: number) {
  await db.execute(sql`
    insert into orders (profile_id, status, subtotal_pennies, delivery_fee_pennies, total_pennies,
      ship_name, ship_phone, ship_address, ship_city, ship_postcode, payment_provider, paid_at,
      delivery_date, fulfilment, is_gift, gift_message, created_at)
    select 'bench-buyer-' || (1 + g * 7 % 2000), 'paid', 0, case when g % 5 = 0 then 0 else 499 end,
      case when g % 5 = 0 then 0 else 499 end,
      'Day Buyer ' || g, '07123456789', g || ' Mardol', 'Shrewsbury', 'SY1 1' || (g % 9) || 'AB', 'test',
      ${date}::date - 2 + interval '9 hours' + g * interval '1 minute',
      ${date}::date, case when g % 5 = 0 then 'collection' else 'delivery' end,
      g % 10 = 3, case when g % 10 = 3 then 'Happy birthday, love from us all' end,
      ${date}::date - 2 + interval '9 hours' + g * interval '1 minute'
    from generate_series(1, ${count}::int) g`);
  // Two or three cookies with recipes a line each; every fourth order a box of the demo's first box.
  await db.execute(sql`
    with cookies as (
      select p.id, p.name, p.price_pennies, row_number() over (order by p.name) as n, count(*) over () as k
      from products p join recipes r on r.product_id = p.id
      where p.kind = 'cookie' and p.is_active
    ),
    day as (
      select id, row_number() over (order by created_at, id) as n from orders
      where delivery_date = ${date}::date
    )
    insert into order_items (order_id, product_id, product_name, quantity, unit_price_pennies, vat_rate)
    select d.id, c.id, c.name, 1 + (d.n + c.n) % 6, c.price_pennies, 0
    from day d join cookies c
      on c.n in (1 + d.n % c.k, 1 + (d.n + 2) % c.k, case when d.n % 3 = 0 then 1 + (d.n + 5) % c.k end)`);
  await db.execute(sql`
    with box as (
      select p.id, p.name, p.price_pennies, b.size from products p join product_boxes b on b.product_id = p.id
      where p.is_active order by p.name limit 1
    ),
    fill as (
      select jsonb_agg(jsonb_build_object('product_id', c.id, 'name', c.name, 'quantity', q)) as contents
      from (
        select p.id, p.name,
          (select size from box) / 2 + case when row_number() over (order by p.name) = 1
            then (select size from box) % 2 else 0 end as q
        from products p join recipes r on r.product_id = p.id
        where p.kind = 'cookie' and p.is_active order by p.name limit 2
      ) c
    ),
    day as (
      select id, row_number() over (order by created_at, id) as n from orders
      where delivery_date = ${date}::date
    )
    insert into order_items (order_id, product_id, product_name, quantity, unit_price_pennies, vat_rate,
      box_contents, cookies_each)
    select d.id, box.id, box.name, 1, box.price_pennies, 0, fill.contents, box.size
    from day d, box, fill where d.n % 4 = 0`);
  await db.execute(sql`
    update orders o set subtotal_pennies = s.sum, total_pennies = s.sum + o.delivery_fee_pennies
    from (select order_id, sum(quantity * unit_price_pennies)::int as sum from order_items group by order_id) s
    where s.order_id = o.id and o.delivery_date = ${date}::date`);
  await db.execute(sql`
    insert into deliveries (order_id, status)
    select id, 'preparing' from orders where delivery_date = ${date}::date and fulfilment = 'delivery'
    on conflict do nothing`);
}

/**
 * `count` trade invoices, numbered after any the shop has (the demo café's): `accounts` of the
 * seeded buyers become approved trade accounts, and their completed orders are on account, each
 * with its trade order and a full VAT invoice copying its lines (cookies are zero-rated, so net =
 * total and VAT 0); every other invoice is paid.
 */
export async function seedTradeInvoices(db: Db, count: number, accounts = 500) {
  await db.execute(sql`
    insert into trade_accounts (profile_id, business_name, address, city, postcode, contact_name,
      contact_phone, status, payment_terms_days, credit_limit_pennies, decided_at)
    select 'bench-buyer-' || g, 'Bench Café ' || g, g || ' Pride Hill', 'Shrewsbury', 'SY1 1AA',
      'Bench Buyer ' || g, '07123456789', 'approved', 30, 500000, now() - interval '400 days'
    from generate_series(1, ${accounts}::int) g on conflict do nothing`);
  await db.execute(sql`
    with picked as (
      select o.id, a.id as account_id, a.business_name, o.total_pennies, o.created_at,
        (o.created_at at time zone 'Europe/London')::date as made_on,
        row_number() over (order by o.created_at, o.id) as n
      from orders o join trade_accounts a on a.profile_id = o.profile_id
      where o.status = 'completed' and a.business_name like 'Bench Café %'
      order by o.created_at, o.id limit ${count}::int
    ),
    on_account as (
      update orders o set on_account = true,
        paid_at = case when p.n % 2 = 0 then p.created_at + interval '20 days' end
      from picked p where o.id = p.id returning o.id
    ),
    made as (
      insert into trade_orders (order_id, account_id, lines, net_pennies, vat_pennies, total_pennies, created_at)
      select p.id, p.account_id,
        (select jsonb_agg(jsonb_build_object('productId', i.product_id, 'name', i.product_name,
           'quantity', i.quantity, 'unitPenniesExVat', i.unit_price_pennies, 'vatRate', 0,
           'netPennies', i.quantity * i.unit_price_pennies, 'vatPennies', 0) order by i.product_name)
         from order_items i where i.order_id = p.id),
        p.total_pennies, 0, p.total_pennies, p.created_at
      from picked p join on_account using (id)
      returning order_id
    )
    insert into trade_invoices (number, order_id, account_id, issued_on, supplied_on, due_on, seller_name,
      seller_address, seller_vat_number, customer_name, customer_address, net_pennies, vat_pennies,
      total_pennies, paid_at, paid_by, created_at)
    select (select coalesce(max(number), 0) from trade_invoices) + p.n, p.id, p.account_id, p.made_on + 2, p.made_on + 2, p.made_on + 32, 'Bench Bakery',
      '1 Bench Street, Shrewsbury SY1 1AA', 'GB123456789', p.business_name,
      'Pride Hill, Shrewsbury SY1 1AA', p.total_pennies, 0, p.total_pennies,
      case when p.n % 2 = 0 then p.created_at + interval '20 days' end,
      case when p.n % 2 = 0 then 'bank_transfer' end, p.created_at + interval '2 days'
    from picked p join made on made.order_id = p.id`);
  await db.execute(sql`
    insert into trade_invoice_lines (invoice_number, position, product_id, description, quantity,
      unit_pennies_ex_vat, vat_rate, net_pennies, vat_pennies)
    select t.number, row_number() over (partition by t.number order by i.product_name, i.id),
      i.product_id, i.product_name, i.quantity, i.unit_price_pennies, 0,
      i.quantity * i.unit_price_pennies, 0
    from trade_invoices t join order_items i on i.order_id = t.order_id
    where t.seller_name = 'Bench Bakery'`);
  await db.execute(sql`
    insert into trade_document_counters (sequence, last_number)
    select 'invoice', coalesce(max(number), 0) from trade_invoices
    on conflict (sequence) do update set last_number = excluded.last_number`);
}

/**
 * `count` reviews, one per line of the completed orders (newest first), signed with the buyer's
 * first name, a few days after the order; most approved, some waiting and a few hidden.
 */
export async function seedReviews(db: Db, count: number) {
  await db.execute(sql`
    insert into product_reviews (order_item_id, product_id, profile_id, author_name, rating, comment,
      status, hidden_reason, created_at, moderated_at)
    select i.id, i.product_id, o.profile_id, split_part(p.full_name, ' ', 1),
      (array[5, 5, 4, 5, 3, 4, 5, 2, 5, 1])[1 + abs(hashtext(i.id::text)) % 10],
      'Lovely cookies, arrived fresh and well packed. Order ' || left(o.id::text, 8) || '.',
      case when x.n % 20 = 0 then 'pending' when x.n % 50 = 1 then 'hidden' else 'approved' end,
      case when x.n % 50 = 1 then 'Names another customer' end,
      o.created_at + interval '4 days', o.created_at + interval '5 days'
    from (
      select i.id, row_number() over (order by o.created_at desc, i.id) as n
      from order_items i join orders o on o.id = i.order_id
      where o.status = 'completed' and i.product_id is not null and i.gift_card is null
    ) x
    join order_items i on i.id = x.id
    join orders o on o.id = i.order_id
    join profiles p on p.id = o.profile_id
    where x.n <= ${count}::int
    on conflict do nothing`);
}

/** The back office's staff the activity is by: an owner, two staff, a baker. */
export const BENCH_STAFF = [
  { id: 'bench-staff-1', name: 'Owen Owner', role: 'owner' },
  { id: 'bench-staff-2', name: 'Sam Staff', role: 'staff' },
  { id: 'bench-staff-3', name: 'Sue Staff', role: 'staff' },
  { id: 'bench-staff-4', name: 'Bea Baker', role: 'baker' },
] as const;

/** Kinds of entry and how often each comes (out of 100), with the record each names. */
const KINDS: [kind: string, weight: number, recordType: string][] = [
  ['order.status', 55, 'order'],
  ['order.payment', 10, 'order'],
  ['delivery.update', 10, 'order'],
  ['product.update', 6, 'product'],
  ['review.approve', 6, 'review'],
  ['production.print', 4, 'bake_day'],
  ['production.extra', 3, 'bake_day'],
  ['ingredient.update', 2, 'ingredient'],
  ['discount.update', 2, 'discount'],
  ['export.orders', 1, 'export'],
  ['gift-card.issue', 1, 'gift_card'],
];

/**
 * `count` activity entries over the last `days` days, as `recordActivity` writes them: by the
 * bench staff, from a few addresses, each naming its record by id with small before/after fields.
 */
export async function seedActivity(db: Db, count: number, days = 365) {
  const staff = sql.raw(
    `(values ${BENCH_STAFF.map((s, i) => `(${i}, '${s.id}', '${s.name}', '${s.role}')`).join(', ')})`,
  );
  let from = 0;
  const buckets = KINDS.map(([kind, weight, type]) => {
    const row = `(${from}, ${from + weight}, '${kind}', '${type}')`;
    from += weight;
    return row;
  });
  const kinds = sql.raw(`(values ${buckets.join(', ')})`);
  // In slices, so one statement's memory stays small on the embedded database.
  const slice = 200_000;
  for (let start = 1; start <= count; start += slice) {
    const end = Math.min(count, start + slice - 1);
    await db.execute(sql`
      insert into activity_log (at, actor_id, actor_name, actor_role, ip, kind, record_type, record_id,
        before, after)
      select now() - (${count}::int - g) * (${days}::int * interval '1 day') / ${count}::int,
        s.id, s.name, s.role, '192.0.2.' || (1 + g % 7), k.kind, k.type,
        case k.type when 'bake_day' then to_char(now() - (g % ${days}::int) * interval '1 day', 'YYYY-MM-DD')
          else md5(k.type || (g % 20000))::uuid::text end,
        case when k.kind like 'order.%' then jsonb_build_object('status', 'paid') end,
        case when k.kind like 'order.%' then jsonb_build_object('status', 'baking')
          else jsonb_build_object('changed', g % 13) end
      from generate_series(${start}::int, ${end}::int) g
      join ${staff} as s(n, id, name, role) on s.n = (g * 7) % ${BENCH_STAFF.length}
      join ${kinds} as k(lo, hi, kind, type) on (g * 37) % 100 >= k.lo and (g * 37) % 100 < k.hi`);
  }
}
