ALTER TABLE "sales_by_day" ADD COLUMN "zone" text;--> statement-breakpoint
ALTER TABLE "sales_by_day_product" ADD COLUMN "zone" text;--> statement-breakpoint
-- Decision 049 (issues 32 and 30). The dashboard's revenue counts what was sold, not gift cards
-- sold: a gift card is money owed in cookies until it is spent (decisions 044 and 047), and the
-- order it is spent on counts its whole total. So the kept sales leave out an order's gift-card
-- lines (order_items.gift_card set): its total less them, and of its counted refunds at most
-- what is left (a refund of a bought card takes nothing off the revenue); the best sellers leave
-- them out. And every kept row says its zone, so the dashboard can be filtered by zone.
LOCK TABLE "orders", "refunds", "order_items" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
-- An order's zone on the dashboard: 'collection', its delivery zone's id, or null (no zone: gift
-- cards only, or placed before zones). A zone deleted sets its orders' zone to null (the FK), which
-- the order trigger moves like any other change.
CREATE FUNCTION "sales_zone"(fulfilment text, zone_id uuid) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN fulfilment = 'collection' THEN 'collection' ELSE zone_id::text END
$$;
--> statement-breakpoint
-- What an order's gift-card lines come to: gift cards sold, not revenue.
CREATE FUNCTION "sales_gift_cards"(gift_order uuid) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(quantity::bigint * unit_price_pennies), 0)::bigint FROM order_items
  WHERE order_id = gift_order AND gift_card IS NOT NULL
$$;
--> statement-breakpoint
-- Refunds counted (decision 007) of an order.
CREATE FUNCTION "sales_refunded"(refund_order uuid) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(amount_pennies), 0) FROM refunds
  WHERE order_id = refund_order AND status IN ('pending', 'succeeded')
$$;
--> statement-breakpoint
-- Of `refunded`, what comes off the revenue: at most the order's total less its gift cards.
CREATE FUNCTION "sales_refund_part"(total bigint, gifts bigint, refunded bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT least(refunded, greatest(total - gifts, 0::bigint))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_order_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sold constant text[] := array['paid', 'baking', 'shipped', 'completed'];
  refunded bigint := 0;
  gifts bigint := 0;
  old_day date;
  new_day date;
  old_key text;
  new_key text;
  old_zone text;
  new_zone text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_key := sales_key(OLD.status, OLD.paid_at);
    old_zone := sales_zone(OLD.fulfilment, OLD.delivery_zone_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_key := sales_key(NEW.status, NEW.paid_at);
    new_zone := sales_zone(NEW.fulfilment, NEW.delivery_zone_id);
  END IF;
  IF TG_OP = 'UPDATE' AND new_key = old_key AND NEW.created_at = OLD.created_at
      AND NEW.total_pennies = OLD.total_pennies AND new_zone IS NOT DISTINCT FROM old_zone THEN
    RETURN NULL;
  END IF;
  -- Lines and refunds are the same before and after a change of the order's own row.
  refunded := sales_refunded(coalesce(NEW.id, OLD.id));
  gifts := sales_gift_cards(coalesce(NEW.id, OLD.id));
  IF TG_OP <> 'INSERT' THEN
    old_day := (OLD.created_at AT TIME ZONE 'Europe/London')::date;
    INSERT INTO sales_by_day (day, status, zone, orders, total_pennies, refunded_pennies)
      VALUES (old_day, old_key, old_zone, -1, -(OLD.total_pennies - gifts),
        -sales_refund_part(OLD.total_pennies, gifts, refunded));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_day := (NEW.created_at AT TIME ZONE 'Europe/London')::date;
    INSERT INTO sales_by_day (day, status, zone, orders, total_pennies, refunded_pennies)
      VALUES (new_day, new_key, new_zone, 1, NEW.total_pennies - gifts,
        sales_refund_part(NEW.total_pennies, gifts, refunded));
  END IF;
  -- The cookies count as sold while the order is sold (a revenue status, paid), on its day, in
  -- its zone; gift cards never.
  IF TG_OP = 'UPDATE' AND old_day = new_day AND (old_key = ANY (sold)) = (new_key = ANY (sold))
      AND new_zone IS NOT DISTINCT FROM old_zone THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND old_key = ANY (sold) THEN
    INSERT INTO sales_by_day_product (day, product_id, product_name, zone, quantity, revenue_pennies, last_placed_at)
      SELECT old_day, i.product_id, i.product_name, old_zone, -i.quantity, -i.quantity::bigint * i.unit_price_pennies,
        OLD.created_at
      FROM order_items i WHERE i.order_id = OLD.id AND i.gift_card IS NULL;
  END IF;
  IF TG_OP <> 'DELETE' AND new_key = ANY (sold) THEN
    INSERT INTO sales_by_day_product (day, product_id, product_name, zone, quantity, revenue_pennies, last_placed_at)
      SELECT new_day, i.product_id, i.product_name, new_zone, i.quantity, i.quantity::bigint * i.unit_price_pennies,
        NEW.created_at
      FROM order_items i WHERE i.order_id = NEW.id AND i.gift_card IS NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A refund's change `pennies` (+ counted, - no longer counted), called after it is written: the
-- order's counted refunds were what they are now less `pennies`. Exact for one refund per
-- statement, as the shop writes them (several refunds of one order in one statement would be
-- exact too unless they pass the order's total less its gift cards, which the shop never allows).
CREATE OR REPLACE FUNCTION "sales_refund_counts"(refund_order uuid, pennies bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o record;
  gifts bigint;
  refunded bigint;
  counted bigint;
BEGIN
  SELECT status, paid_at, created_at, total_pennies, fulfilment, delivery_zone_id INTO o
    FROM orders WHERE id = refund_order FOR NO KEY UPDATE;
  IF NOT FOUND OR pennies = 0 THEN
    RETURN;
  END IF;
  gifts := sales_gift_cards(refund_order);
  refunded := sales_refunded(refund_order);
  counted := sales_refund_part(o.total_pennies, gifts, refunded)
    - sales_refund_part(o.total_pennies, gifts, refunded - pennies);
  IF counted <> 0 THEN
    INSERT INTO sales_by_day (day, status, zone, orders, total_pennies, refunded_pennies)
      VALUES ((o.created_at AT TIME ZONE 'Europe/London')::date, sales_key(o.status, o.paid_at),
        sales_zone(o.fulfilment, o.delivery_zone_id), 0, 0, counted);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_refund_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counted bigint := 0;
  new_counted bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN ('pending', 'succeeded') THEN
    old_counted := OLD.amount_pennies;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('pending', 'succeeded') THEN
    new_counted := NEW.amount_pennies;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.order_id = OLD.order_id THEN
    PERFORM sales_refund_counts(NEW.order_id, new_counted - old_counted);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM sales_refund_counts(OLD.order_id, -old_counted);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM sales_refund_counts(NEW.order_id, new_counted);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION "sales_line_counts"(uuid, uuid, text, integer, bigint);
--> statement-breakpoint
-- A line's change (`line_quantity`, `line_revenue`: + added, - taken away), called after it is
-- written. A cookie counts with the best sellers while its order is sold; a gift card changes the
-- order's total less its gift cards instead (and so what of its refunds is counted).
CREATE FUNCTION "sales_line_counts"(line_order uuid, line_product uuid, line_name text, line_quantity integer,
  line_revenue bigint, gift boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o record;
  gifts bigint;
  refunded bigint;
BEGIN
  SELECT status, paid_at, created_at, total_pennies, fulfilment, delivery_zone_id INTO o
    FROM orders WHERE id = line_order FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF gift THEN
    gifts := sales_gift_cards(line_order);
    refunded := sales_refunded(line_order);
    INSERT INTO sales_by_day (day, status, zone, orders, total_pennies, refunded_pennies)
      VALUES ((o.created_at AT TIME ZONE 'Europe/London')::date, sales_key(o.status, o.paid_at),
        sales_zone(o.fulfilment, o.delivery_zone_id), 0, -line_revenue,
        sales_refund_part(o.total_pennies, gifts, refunded)
          - sales_refund_part(o.total_pennies, gifts - line_revenue, refunded));
  ELSIF sales_key(o.status, o.paid_at) IN ('paid', 'baking', 'shipped', 'completed') THEN
    INSERT INTO sales_by_day_product (day, product_id, product_name, zone, quantity, revenue_pennies, last_placed_at)
      VALUES ((o.created_at AT TIME ZONE 'Europe/London')::date, line_product, line_name,
        sales_zone(o.fulfilment, o.delivery_zone_id), line_quantity, line_revenue, o.created_at);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_line_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.order_id = OLD.order_id AND NEW.product_id IS NOT DISTINCT FROM OLD.product_id
      AND NEW.product_name = OLD.product_name AND NEW.quantity = OLD.quantity
      AND NEW.unit_price_pennies = OLD.unit_price_pennies
      AND (NEW.gift_card IS NULL) = (OLD.gift_card IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM sales_line_counts(OLD.order_id, OLD.product_id, OLD.product_name, -OLD.quantity,
      -OLD.quantity::bigint * OLD.unit_price_pennies, OLD.gift_card IS NOT NULL);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM sales_line_counts(NEW.order_id, NEW.product_id, NEW.product_name, NEW.quantity,
      NEW.quantity::bigint * NEW.unit_price_pennies, NEW.gift_card IS NOT NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The sales taken again from the orders, so those already there are right.
DELETE FROM "sales_by_day";
--> statement-breakpoint
DELETE FROM "sales_by_day_product";
--> statement-breakpoint
INSERT INTO sales_by_day (day, status, zone, orders, total_pennies, refunded_pennies, folded)
SELECT (o.created_at AT TIME ZONE 'Europe/London')::date, sales_key(o.status, o.paid_at),
  sales_zone(o.fulfilment, o.delivery_zone_id), count(*), sum(o.total_pennies - coalesce(g.pennies, 0)),
  sum(sales_refund_part(o.total_pennies, coalesce(g.pennies, 0), coalesce(r.pennies, 0))), true
FROM orders o
LEFT JOIN (
  SELECT order_id, sum(amount_pennies) AS pennies FROM refunds
  WHERE status IN ('pending', 'succeeded') GROUP BY order_id
) r ON r.order_id = o.id
LEFT JOIN (
  SELECT order_id, sum(quantity::bigint * unit_price_pennies)::bigint AS pennies FROM order_items
  WHERE gift_card IS NOT NULL GROUP BY order_id
) g ON g.order_id = o.id
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO sales_by_day_product (day, product_id, product_name, zone, quantity, revenue_pennies, last_placed_at, folded)
SELECT (o.created_at AT TIME ZONE 'Europe/London')::date, i.product_id, i.product_name,
  sales_zone(o.fulfilment, o.delivery_zone_id), sum(i.quantity),
  sum(i.quantity::bigint * i.unit_price_pennies), max(o.created_at), true
FROM order_items i JOIN orders o ON o.id = i.order_id
WHERE o.status IN ('paid', 'baking', 'shipped', 'completed') AND o.paid_at IS NOT NULL AND i.gift_card IS NULL
GROUP BY 1, 2, 3, 4;
