CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"delivery_fee_pennies" integer NOT NULL,
	"free_delivery_over_pennies" integer,
	"collection_enabled" boolean DEFAULT false NOT NULL,
	"collection_address" text DEFAULT '' NOT NULL,
	"collection_hours" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_single_row" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_fee_check" CHECK ("shop_settings"."delivery_fee_pennies" >= 0),
	CONSTRAINT "shop_settings_free_delivery_check" CHECK ("shop_settings"."free_delivery_over_pennies" is null or "shop_settings"."free_delivery_over_pennies" > 0)
);
--> statement-breakpoint
ALTER TABLE "bake_day_template" ADD COLUMN "collection_weekdays" integer[];