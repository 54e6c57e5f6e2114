CREATE TABLE "bake_day_overrides" (
	"date" date PRIMARY KEY NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"capacity_cookies" integer,
	"note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bake_day_overrides_capacity_check" CHECK ("bake_day_overrides"."capacity_cookies" is null or "bake_day_overrides"."capacity_cookies" >= 0),
	CONSTRAINT "bake_day_overrides_meaning_check" CHECK ("bake_day_overrides"."closed" or "bake_day_overrides"."capacity_cookies" is not null)
);
--> statement-breakpoint
CREATE TABLE "bake_day_template" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"delivery_weekdays" integer[] DEFAULT '{2,3,4,5,6}'::integer[] NOT NULL,
	"cutoff_time" text DEFAULT '14:00' NOT NULL,
	"cutoff_days_before" integer DEFAULT 1 NOT NULL,
	"horizon_days" integer DEFAULT 21 NOT NULL,
	"capacity_cookies" integer DEFAULT 300 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bake_day_template_single_row" CHECK ("bake_day_template"."id" = 1),
	CONSTRAINT "bake_day_template_capacity_check" CHECK ("bake_day_template"."capacity_cookies" >= 0)
);
