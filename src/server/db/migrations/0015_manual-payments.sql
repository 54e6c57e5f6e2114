ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_status_check";--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_status_check" CHECK ("deliveries"."status" in ('preparing','ready','picked_up','delivered','failed','cancelled'));--> statement-breakpoint
-- Decision 032: a status alone never makes money. An order counts as sold only while it is in a
-- revenue status AND its payment was recorded (paid_at, set only by a recorded payment: a
-- provider's or the owner's "Mark as paid"). An order moved on by hand without one is kept under
-- the key 'unpaid': it is an order, but neither revenue nor a sale. The figures are taken again
-- below, so orders that were set to Paid by hand before this leave the revenue.
LOCK TABLE "orders", "refunds", "order_items" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE FUNCTION "sales_key"(status text, paid_at timestamp with time zone) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status IN ('paid', 'baking', 'shipped', 'completed') AND paid_at IS NULL
    THEN 'unpaid' ELSE status END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_order_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sold constant text[] := array['paid', 'baking', 'shipped', 'completed'];
  refunded bigint := 0;
  old_day date;
  new_day date;
  old_key text;
  new_key text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_key := sales_key(OLD.status, OLD.paid_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_key := sales_key(NEW.status, NEW.paid_at);
  END IF;
  IF TG_OP = 'UPDATE' AND new_key = old_key AND NEW.created_at = OLD.created_at
      AND NEW.total_pennies = OLD.total_pennies THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_day := (OLD.created_at AT TIME ZONE 'Europe/London')::date;
    SELECT coalesce(sum(r.amount_pennies), 0) INTO refunded FROM refunds r
      WHERE r.order_id = OLD.id AND r.status IN ('pending', 'succeeded');
    INSERT INTO sales_by_day (day, status, orders, total_pennies, refunded_pennies)
      VALUES (old_day, old_key, -1, -OLD.total_pennies, -refunded);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_day := (NEW.created_at AT TIME ZONE 'Europe/London')::date;
    INSERT INTO sales_by_day (day, status, orders, total_pennies, refunded_pennies)
      VALUES (new_day, new_key, 1, NEW.total_pennies, refunded);
  END IF;
  -- The lines count as sold while the order is sold (a revenue status, paid), on its day.
  IF TG_OP = 'UPDATE' AND old_day = new_day AND (old_key = ANY (sold)) = (new_key = ANY (sold)) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND old_key = ANY (sold) THEN
    INSERT INTO sales_by_day_product (day, product_id, product_name, quantity, revenue_pennies, last_placed_at)
      SELECT old_day, i.product_id, i.product_name, -i.quantity, -i.quantity::bigint * i.unit_price_pennies,
        OLD.created_at
      FROM order_items i WHERE i.order_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND new_key = ANY (sold) THEN
    INSERT INTO sales_by_day_product (day, product_id, product_name, quantity, revenue_pennies, last_placed_at)
      SELECT new_day, i.product_id, i.product_name, i.quantity, i.quantity::bigint * i.unit_price_pennies,
        NEW.created_at
      FROM order_items i WHERE i.order_id = NEW.id;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_refund_counts"(refund_order uuid, pennies bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  SELECT status, paid_at, created_at INTO o FROM orders WHERE id = refund_order FOR NO KEY UPDATE;
  IF FOUND THEN
    INSERT INTO sales_by_day (day, status, orders, total_pennies, refunded_pennies)
      VALUES ((o.created_at AT TIME ZONE 'Europe/London')::date, sales_key(o.status, o.paid_at), 0, 0, pennies);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_line_counts"(line_order uuid, line_product uuid, line_name text, line_quantity integer, line_revenue bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  SELECT status, paid_at, created_at INTO o FROM orders WHERE id = line_order FOR NO KEY UPDATE;
  IF FOUND AND sales_key(o.status, o.paid_at) IN ('paid', 'baking', 'shipped', 'completed') THEN
    INSERT INTO sales_by_day_product (day, product_id, product_name, quantity, revenue_pennies, last_placed_at)
      VALUES ((o.created_at AT TIME ZONE 'Europe/London')::date, line_product, line_name, line_quantity, line_revenue,
        o.created_at);
  END IF;
END $$;
--> statement-breakpoint
DELETE FROM "sales_by_day";
--> statement-breakpoint
DELETE FROM "sales_by_day_product";
--> statement-breakpoint
INSERT INTO sales_by_day (day, status, orders, total_pennies, refunded_pennies, folded)
SELECT (o.created_at AT TIME ZONE 'Europe/London')::date, sales_key(o.status, o.paid_at), count(*),
  sum(o.total_pennies), coalesce(sum(r.pennies), 0), true
FROM orders o
LEFT JOIN (
  SELECT order_id, sum(amount_pennies) AS pennies FROM refunds
  WHERE status IN ('pending', 'succeeded') GROUP BY order_id
) r ON r.order_id = o.id
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO sales_by_day_product (day, product_id, product_name, quantity, revenue_pennies, last_placed_at, folded)
SELECT (o.created_at AT TIME ZONE 'Europe/London')::date, i.product_id, i.product_name, sum(i.quantity),
  sum(i.quantity::bigint * i.unit_price_pennies), max(o.created_at), true
FROM order_items i JOIN orders o ON o.id = i.order_id
WHERE o.status IN ('paid', 'baking', 'shipped', 'completed') AND o.paid_at IS NOT NULL
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- A delivery follows its order (decision 032): a cancelled order's delivery is cancelled, a
-- shipped one's is on its way (a collection's ready to collect), a completed one's delivered.
UPDATE "deliveries" d SET "status" = CASE
    WHEN o.status = 'cancelled' THEN 'cancelled'
    WHEN o.status = 'shipped' AND o.fulfilment = 'collection' THEN 'ready'
    WHEN o.status = 'shipped' THEN 'picked_up'
    ELSE 'delivered' END
  FROM "orders" o
  WHERE o.id = d.order_id AND d.status IN ('preparing', 'ready', 'picked_up')
    AND (o.status = 'cancelled' OR o.status = 'completed' OR (o.status = 'shipped' AND d.status = 'preparing'));
