ALTER TABLE "products" ADD COLUMN "on_sale_from" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "on_sale_until" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deliver_from" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deliver_until" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lead_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "daily_limit" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_lead_days_check" CHECK ("products"."lead_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_daily_limit_check" CHECK ("products"."daily_limit" > 0);