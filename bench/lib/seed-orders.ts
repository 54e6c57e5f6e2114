import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

/**
 * Writes `count` orders straight into the database with set-based SQL (a few seconds for 100,000),
 * as a shop with a long history would hold them: spread over the last `days` days, every status,
 * two lines each from a handful of cookies, 1 in 50 refunded in part, 1 in 20 customers' orders.
 */
export async function seedOrders(db: Db, count: number, days = 365, customers = 2_000) {
  await db.execute(sql`
    insert into users (id, name, email)
    select 'bench-buyer-' || g, 'Bench Buyer ' || g, 'bench-buyer-' || g || '@bench.example'
    from generate_series(1, ${customers}::int) g on conflict do nothing`);
  await db.execute(sql`
    insert into profiles (id, full_name, email, phone, address, city, postcode)
    select 'bench-buyer-' || g, 'Bench Buyer ' || g, 'bench-buyer-' || g || '@bench.example',
      '07123456789', g || ' High Street', 'Shrewsbury', 'SY' || (1 + g % 9) || ' ' || (1 + g % 9) || 'AB'
    from generate_series(1, ${customers}::int) g on conflict do nothing`);
  await db.execute(sql`
    insert into products (name, description, price_pennies)
    select 'Bench Cookie ' || g, 'A cookie for the benchmark.', 300 + 25 * g
    from generate_series(1, 8) g`);
  await db.execute(sql`
    with made as (
      select g, now() - random() * (${days}::int * interval '1 day') as at,
        (array['pending','paid','baking','shipped','completed','cancelled','completed','paid'])[1 + g % 8] as status
      from generate_series(1, ${count}::int) g
    )
    insert into orders (profile_id, status, subtotal_pennies, delivery_fee_pennies, total_pennies,
      ship_name, ship_phone, ship_address, ship_city, ship_postcode, payment_provider, paid_at,
      delivery_date, created_at)
    select 'bench-buyer-' || (1 + g % ${customers}::int), status, 1200, 499, 1699,
      'Bench Buyer ' || (1 + g % ${customers}::int), '07123456789', g || ' High Street', 'Shrewsbury',
      'SY' || (1 + g % 9) || ' ' || (1 + g % 9) || 'AB', 'test',
      case when status in ('pending', 'cancelled') then null else at end,
      ((at at time zone 'Europe/London')::date + 2), at
    from made`);
  await db.execute(sql`
    with cookies as (
      select id, name, price_pennies, row_number() over (order by name) as n
      from products where name like 'Bench Cookie %'
    ),
    recent as (
      select id, row_number() over (order by id) as n from orders
      where not exists (select 1 from order_items i where i.order_id = orders.id)
    )
    insert into order_items (order_id, product_id, product_name, quantity, unit_price_pennies)
    select r.id, c.id, c.name, 1 + (r.n + c.n) % 3, c.price_pennies
    from recent r join cookies c on c.n in (1 + r.n % 8, 1 + (r.n + 3) % 8)`);
  // Totals from the lines, as checkout writes them (the check keeps total = subtotal + delivery);
  // orders seeded before keep theirs.
  await db.execute(sql`
    update orders o set subtotal_pennies = s.sum, total_pennies = s.sum + o.delivery_fee_pennies
    from (select order_id, sum(quantity * unit_price_pennies)::int as sum from order_items group by order_id) s
    where s.order_id = o.id and o.profile_id like 'bench-buyer-%' and o.subtotal_pennies <> s.sum`);
  await db.execute(sql`
    insert into refunds (order_id, amount_pennies, reason, status, provider, request_key, actor_name)
    select id, 200, 'Broken in the post', 'succeeded', 'test', 'bench-' || id, 'Bench Owner'
    from orders where status in ('paid', 'completed') and random() < 0.02
      and created_at > now() - ${days}::int * interval '1 day'
    on conflict do nothing`);
  await db.execute(sql`analyze`);
}
