CREATE TABLE "day_bookings" (
	"date" date NOT NULL,
	"product_id" uuid,
	"cookies" integer NOT NULL,
	"units" integer NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "day_bookings_date_idx" ON "day_bookings" USING btree ("date");--> statement-breakpoint
CREATE INDEX "day_bookings_unfolded_idx" ON "day_bookings" USING btree ("date") WHERE not "day_bookings"."folded";--> statement-breakpoint
-- Decision 057: triggers keep day_bookings exactly right in the transaction that changes an order
-- or a line: the lines of every order with a delivery date that is not cancelled, by day and
-- product. Like decision 018's sales, they only insert rows of changes (a minus row for what was,
-- a plus row for what is), never update a shared row: a checkout, an expiry sweep cancelling
-- orders of many days, a customer's new checkout cancelling their old one and a gift card's
-- release each take locks in their own order, and no two of them can wait on each other here.
-- "Holds its place" (not cancelled) is src/server/orders/booked-cookies.ts's rule: change both.
CREATE FUNCTION "day_bookings_order_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.delivery_date IS NOT NULL AND OLD.status <> 'cancelled' THEN
    INSERT INTO day_bookings (date, product_id, cookies, units)
      SELECT OLD.delivery_date, i.product_id, -sum(i.quantity * i.cookies_each), -sum(i.quantity)
      FROM order_items i WHERE i.order_id = OLD.id GROUP BY i.product_id;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.delivery_date IS NOT NULL AND NEW.status <> 'cancelled' THEN
    INSERT INTO day_bookings (date, product_id, cookies, units)
      SELECT NEW.delivery_date, i.product_id, sum(i.quantity * i.cookies_each), sum(i.quantity)
      FROM order_items i WHERE i.order_id = NEW.id GROUP BY i.product_id;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Before a delete (an account's or the retention's), so the order's lines are still there to be
-- taken off; the lines' own trigger then finds no order, and takes off nothing more. An order is
-- inserted before its lines, so its insert has nothing to count.
CREATE TRIGGER "orders_day_bookings_delete" BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "day_bookings_order_change"();
--> statement-breakpoint
-- Only a change that moves the order's lines: into or out of cancelled, or to another day (the
-- WHEN runs without calling the function, so a payment or a dispatch costs nothing here).
CREATE TRIGGER "orders_day_bookings_change" AFTER UPDATE OF "status", "delivery_date" ON "orders"
  FOR EACH ROW
  WHEN ((OLD.status = 'cancelled') IS DISTINCT FROM (NEW.status = 'cancelled')
    OR OLD.delivery_date IS DISTINCT FROM NEW.delivery_date)
  EXECUTE FUNCTION "day_bookings_order_change"();
--> statement-breakpoint
-- Once per statement (a checkout writes all its lines in one insert; deleting a product moves
-- all its lines at once). The orders are locked first (as order status changes lock them, in id
-- order), so a line written beside a status change of its order is never missed by both.
CREATE FUNCTION "day_bookings_lines_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM orders WHERE id IN (SELECT order_id FROM new_lines) ORDER BY id FOR NO KEY UPDATE;
    INSERT INTO day_bookings (date, product_id, cookies, units)
      SELECT o.delivery_date, l.product_id, sum(l.quantity * l.cookies_each), sum(l.quantity)
      FROM new_lines l JOIN orders o ON o.id = l.order_id
      WHERE o.delivery_date IS NOT NULL AND o.status <> 'cancelled'
      GROUP BY o.delivery_date, l.product_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM orders WHERE id IN (SELECT order_id FROM old_lines) ORDER BY id FOR NO KEY UPDATE;
    INSERT INTO day_bookings (date, product_id, cookies, units)
      SELECT o.delivery_date, l.product_id, -sum(l.quantity * l.cookies_each), -sum(l.quantity)
      FROM old_lines l JOIN orders o ON o.id = l.order_id
      WHERE o.delivery_date IS NOT NULL AND o.status <> 'cancelled'
      GROUP BY o.delivery_date, l.product_id;
  ELSE
    PERFORM 1 FROM orders
      WHERE id IN (SELECT order_id FROM old_lines UNION SELECT order_id FROM new_lines)
      ORDER BY id FOR NO KEY UPDATE;
    INSERT INTO day_bookings (date, product_id, cookies, units)
      SELECT o.delivery_date, c.product_id, sum(c.cookies), sum(c.units)
      FROM (
        SELECT ol.order_id, ol.product_id, -ol.quantity * ol.cookies_each AS cookies, -ol.quantity AS units
          FROM old_lines ol JOIN new_lines nl ON nl.id = ol.id
          WHERE (ol.order_id, ol.product_id, ol.quantity, ol.cookies_each)
            IS DISTINCT FROM (nl.order_id, nl.product_id, nl.quantity, nl.cookies_each)
        UNION ALL
        SELECT nl.order_id, nl.product_id, nl.quantity * nl.cookies_each, nl.quantity
          FROM old_lines ol JOIN new_lines nl ON nl.id = ol.id
          WHERE (ol.order_id, ol.product_id, ol.quantity, ol.cookies_each)
            IS DISTINCT FROM (nl.order_id, nl.product_id, nl.quantity, nl.cookies_each)
      ) c JOIN orders o ON o.id = c.order_id
      WHERE o.delivery_date IS NOT NULL AND o.status <> 'cancelled'
      GROUP BY o.delivery_date, c.product_id
      HAVING sum(c.cookies) <> 0 OR sum(c.units) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_items_day_bookings_insert" AFTER INSERT ON "order_items"
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION "day_bookings_lines_change"();
--> statement-breakpoint
CREATE TRIGGER "order_items_day_bookings_update" AFTER UPDATE ON "order_items"
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION "day_bookings_lines_change"();
--> statement-breakpoint
CREATE TRIGGER "order_items_day_bookings_delete" AFTER DELETE ON "order_items"
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION "day_bookings_lines_change"();
--> statement-breakpoint
-- The bookings so far, taken after the triggers exist: creating them locked orders and order_items
-- against writes until this migration commits, so no change falls between the two.
INSERT INTO day_bookings (date, product_id, cookies, units, folded)
  SELECT o.delivery_date, i.product_id, sum(i.quantity * i.cookies_each), sum(i.quantity), true
  FROM orders o JOIN order_items i ON i.order_id = o.id
  WHERE o.delivery_date IS NOT NULL AND o.status <> 'cancelled'
  GROUP BY o.delivery_date, i.product_id;
