ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_status_check";--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "failure_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_date" date;--> statement-breakpoint
CREATE INDEX "orders_delivery_date_idx" ON "orders" USING btree ("delivery_date","status");--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_status_check" CHECK ("deliveries"."status" in ('preparing','ready','picked_up','delivered','failed'));