DROP INDEX "stock_alerts_waiting_idx";--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "bake_date" date;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" USING btree ("product_id",lower("email"),coalesce("bake_date", '-infinity'::date)) WHERE "stock_alerts"."sent_at" is null and "stock_alerts"."stopped_at" is null;