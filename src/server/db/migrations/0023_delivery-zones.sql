CREATE TABLE "delivery_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"postcodes" text[] NOT NULL,
	"method" text NOT NULL,
	"fee_pennies" integer DEFAULT 0 NOT NULL,
	"free_over_pennies" integer,
	"minimum_order_pennies" integer,
	"weekdays" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"cutoff_time" text,
	"cutoff_days_before" integer,
	"daily_order_cap" integer,
	"service_code" text,
	"transit_days" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_method_check" CHECK ("delivery_zones"."method" in ('van','post','none')),
	CONSTRAINT "delivery_zones_fee_check" CHECK ("delivery_zones"."fee_pennies" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_transit_days" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_zone_id_delivery_zones_id_fk" FOREIGN KEY ("delivery_zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_delivery_zone_idx" ON "orders" USING btree ("delivery_zone_id","delivery_date");