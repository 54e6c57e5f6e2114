CREATE TABLE "product_boxes" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"allowed_product_ids" uuid[],
	"fixed_filling" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_boxes_size_check" CHECK ("product_boxes"."size" between 2 and 48)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "box_contents" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cookies_each" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_boxes" ADD CONSTRAINT "product_boxes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_cookies_each_check" CHECK ("order_items"."cookies_each" > 0);