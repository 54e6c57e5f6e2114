CREATE TABLE "sales_by_day" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"orders" integer NOT NULL,
	"total_pennies" bigint NOT NULL,
	"refunded_pennies" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_by_day_product" (
	"day" date NOT NULL,
	"product_id" uuid,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"revenue_pennies" bigint NOT NULL,
	"last_placed_at" timestamp with time zone NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_by_day_day_idx" ON "sales_by_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "sales_by_day_unfolded_idx" ON "sales_by_day" USING btree ("day") WHERE not "sales_by_day"."folded";--> statement-breakpoint
CREATE INDEX "sales_by_day_product_day_idx" ON "sales_by_day_product" USING btree ("day");--> statement-breakpoint
CREATE INDEX "sales_by_day_product_unfolded_idx" ON "sales_by_day_product" USING btree ("day") WHERE not "sales_by_day_product"."folded";--> statement-breakpoint
-- Decision 018: triggers keep sales_by_day and sales_by_day_product exactly right in the
-- transaction that changes an order, a refund or a line. They only insert rows of changes (a
-- minus row for what was, a plus row for what is), so concurrent payments never wait on a
-- shared counter row. A day is the London day the order was placed (decision 013); revenue
-- statuses and counted refunds are decision 007's (src/shared/orders/statuses.ts,
-- src/server/orders/counted-refunds.ts): change them here too.
CREATE FUNCTION "sales_order_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sold constant text[] := array['paid', 'baking', 'shipped', 'completed'];
  refunded bigint := 0;
  old_day date;
  new_day date;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status = OLD.status AND NEW.created_at = OLD.created_at
      AND NEW.total_pennies = OLD.total_pennies THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_day := (OLD.created_at AT TIME ZONE 'Europe/London')::date;
    SELECT coalesce(sum(r.amount_pennies), 0) INTO refunded FROM refunds r
      WHERE r.order_id = OLD.id AND r.status IN ('pending', 'succeeded');
    INSERT INTO sales_by_day (day, status, orders, total_pennies, refunded_pennies)
      VALUES (old_day, OLD.status, -1, -OLD.total_pennies, -refunded);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_day := (NEW.created_at AT TIME ZONE 'Europe/London')::date;
    INSERT INTO sales_by_day (day, status, orders, total_pennies, refunded_pennies)
      VALUES (new_day, NEW.status, 1, NEW.total_pennies, refunded);
  END IF;
  -- The lines count as sold while the order is in a revenue status, on its day.
  IF TG_OP = 'UPDATE' AND old_day = new_day AND (OLD.status = ANY (sold)) = (NEW.status = ANY (sold)) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status = ANY (sold) THEN
    INSERT INTO sales_by_day_product (day, product_id, product_name, quantity, revenue_pennies, last_placed_at)
      SELECT old_day, i.product_id, i.product_name, -i.quantity, -i.quantity::bigint * i.unit_price_pennies,
        OLD.created_at
      FROM order_items i WHERE i.order_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = ANY (sold) THEN
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
-- Before a delete, so the order's lines and refunds are still there to be taken off (their own
-- triggers find no order once it is gone, and add nothing).
CREATE TRIGGER "orders_sales_delete" BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "sales_order_change"();
--> statement-breakpoint
CREATE TRIGGER "orders_sales_change" AFTER INSERT OR UPDATE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "sales_order_change"();
--> statement-breakpoint
-- The order's row is locked, as every refund and status change locks it, so a status change and
-- a refund of one order never each miss the other.
CREATE FUNCTION "sales_refund_counts"(refund_order uuid, pennies bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  SELECT status, created_at INTO o FROM orders WHERE id = refund_order FOR NO KEY UPDATE;
  IF FOUND THEN
    INSERT INTO sales_by_day (day, status, orders, total_pennies, refunded_pennies)
      VALUES ((o.created_at AT TIME ZONE 'Europe/London')::date, o.status, 0, 0, pennies);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "sales_refund_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.order_id = OLD.order_id AND NEW.amount_pennies = OLD.amount_pennies
      AND (NEW.status IN ('pending', 'succeeded')) = (OLD.status IN ('pending', 'succeeded')) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status IN ('pending', 'succeeded') THEN
    PERFORM sales_refund_counts(OLD.order_id, -OLD.amount_pennies);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('pending', 'succeeded') THEN
    PERFORM sales_refund_counts(NEW.order_id, NEW.amount_pennies);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "refunds_sales_change" AFTER INSERT OR UPDATE OR DELETE ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION "sales_refund_change"();
--> statement-breakpoint
CREATE FUNCTION "sales_line_counts"(line_order uuid, line_product uuid, line_name text, line_quantity integer, line_revenue bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  SELECT status, created_at INTO o FROM orders WHERE id = line_order FOR NO KEY UPDATE;
  IF FOUND AND o.status IN ('paid', 'baking', 'shipped', 'completed') THEN
    INSERT INTO sales_by_day_product (day, product_id, product_name, quantity, revenue_pennies, last_placed_at)
      VALUES ((o.created_at AT TIME ZONE 'Europe/London')::date, line_product, line_name, line_quantity, line_revenue,
        o.created_at);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "sales_line_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.order_id = OLD.order_id AND NEW.product_id IS NOT DISTINCT FROM OLD.product_id
      AND NEW.product_name = OLD.product_name AND NEW.quantity = OLD.quantity
      AND NEW.unit_price_pennies = OLD.unit_price_pennies THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM sales_line_counts(OLD.order_id, OLD.product_id, OLD.product_name, -OLD.quantity,
      -OLD.quantity::bigint * OLD.unit_price_pennies);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM sales_line_counts(NEW.order_id, NEW.product_id, NEW.product_name, NEW.quantity,
      NEW.quantity::bigint * NEW.unit_price_pennies);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_items_sales_change" AFTER INSERT OR UPDATE OR DELETE ON "order_items"
  FOR EACH ROW EXECUTE FUNCTION "sales_line_change"();
--> statement-breakpoint
-- The sales so far, taken after the triggers exist: creating them locked the three tables against
-- writes until this migration commits, so no change falls between the two.
INSERT INTO sales_by_day (day, status, orders, total_pennies, refunded_pennies, folded)
SELECT (o.created_at AT TIME ZONE 'Europe/London')::date, o.status, count(*), sum(o.total_pennies),
  coalesce(sum(r.pennies), 0), true
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
WHERE o.status IN ('paid', 'baking', 'shipped', 'completed')
GROUP BY 1, 2, 3;
