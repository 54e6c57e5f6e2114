CREATE TABLE "product_photo_files" (
	"hash" text NOT NULL,
	"variant" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_photo_files_hash_variant_pk" PRIMARY KEY("hash","variant")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ingredients" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "allergen_info" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "net_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shelf_life_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage_advice" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "chocolate_covered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "photo_hash" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_rate_check" CHECK ("products"."vat_rate" in (0, 5, 20));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shelf_life_check" CHECK ("products"."shelf_life_days" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_net_weight_check" CHECK ("products"."net_weight_grams" > 0);--> statement-breakpoint
-- Each product's free-text allergen list becomes "contains" for the allergens it names; the rest
-- stay not assessed until the owner marks them (an active product cannot be saved before then).
UPDATE "products" p SET "allergen_info" = coalesce((
  SELECT jsonb_object_agg(m.k, 'contains') FROM (
    SELECT DISTINCT CASE
      WHEN a ~* 'peanut|groundnut' THEN 'peanuts'
      WHEN a ~* 'gluten|wheat|barley|rye|oat|spelt|kamut' THEN 'gluten'
      WHEN a ~* 'crustacean|prawn|crab|lobster|shrimp' THEN 'crustaceans'
      WHEN a ~* 'mollusc|mussel|oyster|squid|snail|whelk' THEN 'molluscs'
      WHEN a ~* 'egg' THEN 'eggs'
      WHEN a ~* 'fish' THEN 'fish'
      WHEN a ~* 'milk|dairy|lactose|butter|cream|cheese' THEN 'milk'
      WHEN a ~* 'soy' THEN 'soya'
      WHEN a ~* 'sesame' THEN 'sesame'
      WHEN a ~* 'celery|celeriac' THEN 'celery'
      WHEN a ~* 'mustard' THEN 'mustard'
      WHEN a ~* 'lupin' THEN 'lupin'
      WHEN a ~* 'sulph|sulfi|sulfur' THEN 'sulphites'
      WHEN a ~* 'nut|almond|hazelnut|walnut|cashew|pecan|pistachio|macadamia' THEN 'nuts'
    END AS k
    FROM unnest(p."allergens") AS a
  ) m WHERE m.k IS NOT NULL
), '{}'::jsonb);
