CREATE TABLE "ingredients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"contains" text[] DEFAULT '{}'::text[] NOT NULL,
	"may_contain" text[] DEFAULT '{}'::text[] NOT NULL,
	"grams_each" integer,
	"price_pennies" integer,
	"pack_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ingredients_unit_check" CHECK ("ingredients"."unit" in ('g','ml','each')),
	CONSTRAINT "ingredients_grams_each_check" CHECK ("ingredients"."grams_each" > 0),
	CONSTRAINT "ingredients_price_check" CHECK ("ingredients"."price_pennies" >= 0),
	CONSTRAINT "ingredients_pack_size_check" CHECK ("ingredients"."pack_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "production_extras" (
	"date" date NOT NULL,
	"product_id" uuid NOT NULL,
	"cookies" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_extras_date_product_id_pk" PRIMARY KEY("date","product_id"),
	CONSTRAINT "production_extras_cookies_check" CHECK ("production_extras"."cookies" > 0)
);
--> statement-breakpoint
CREATE TABLE "production_prints" (
	"date" date PRIMARY KEY NOT NULL,
	"printed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"cookies_per_batch" integer,
	"mixer_max_cookies" integer,
	"waste_percent" integer DEFAULT 0 NOT NULL,
	"yield_grams" integer,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipes_product_id_unique" UNIQUE("product_id"),
	CONSTRAINT "recipes_kind_check" CHECK (("recipes"."product_id" is not null and "recipes"."cookies_per_batch" > 0 and "recipes"."mixer_max_cookies" > 0 and "recipes"."yield_grams" is null) or ("recipes"."product_id" is null and "recipes"."yield_grams" > 0)),
	CONSTRAINT "recipes_waste_check" CHECK ("recipes"."waste_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "production_extras" ADD CONSTRAINT "production_extras_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ingredients_name_idx" ON "ingredients" USING btree (lower("name"));