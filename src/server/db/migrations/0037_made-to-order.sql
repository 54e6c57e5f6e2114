CREATE TABLE "made_to_order_enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"occasion" text NOT NULL,
	"date_wanted" date NOT NULL,
	"fulfilment" text NOT NULL,
	"quantity" integer NOT NULL,
	"wording" text DEFAULT '' NOT NULL,
	"design_notes" text DEFAULT '' NOT NULL,
	"budget_pennies" integer,
	"status" text DEFAULT 'new' NOT NULL,
	"decline_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "made_to_order_enquiries_quantity_check" CHECK ("made_to_order_enquiries"."quantity" between 1 and 5000),
	CONSTRAINT "made_to_order_enquiries_status_check" CHECK ("made_to_order_enquiries"."status" in ('new','quoted','accepted','declined','withdrawn')),
	CONSTRAINT "made_to_order_enquiries_fulfilment_check" CHECK ("made_to_order_enquiries"."fulfilment" in ('delivery','collection')),
	CONSTRAINT "made_to_order_enquiries_budget_check" CHECK ("made_to_order_enquiries"."budget_pennies" is null or "made_to_order_enquiries"."budget_pennies" >= 0)
);
--> statement-breakpoint
CREATE TABLE "made_to_order_pictures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "made_to_order_pictures_position_check" CHECK ("made_to_order_pictures"."position" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "made_to_order_quote_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_pennies" integer NOT NULL,
	CONSTRAINT "made_to_order_quote_lines_quantity_check" CHECK ("made_to_order_quote_lines"."quantity" between 1 and 5000),
	CONSTRAINT "made_to_order_quote_lines_price_check" CHECK ("made_to_order_quote_lines"."unit_price_pennies" >= 0)
);
--> statement-breakpoint
CREATE TABLE "made_to_order_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"delivery_pennies" integer NOT NULL,
	"subtotal_pennies" integer NOT NULL,
	"total_pennies" integer NOT NULL,
	"deposit_kind" text NOT NULL,
	"deposit_value" integer NOT NULL,
	"deposit_pennies" integer NOT NULL,
	"balance_days_before" integer NOT NULL,
	"valid_until" date NOT NULL,
	"cookies" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "made_to_order_quotes_status_check" CHECK ("made_to_order_quotes"."status" in ('sent','accepted','declined')),
	CONSTRAINT "made_to_order_quotes_deposit_kind_check" CHECK ("made_to_order_quotes"."deposit_kind" in ('none','percent','amount')),
	CONSTRAINT "made_to_order_quotes_total_check" CHECK ("made_to_order_quotes"."total_pennies" = "made_to_order_quotes"."subtotal_pennies" + "made_to_order_quotes"."delivery_pennies" and "made_to_order_quotes"."delivery_pennies" >= 0),
	CONSTRAINT "made_to_order_quotes_deposit_check" CHECK ("made_to_order_quotes"."deposit_pennies" between 0 and "made_to_order_quotes"."total_pennies"),
	CONSTRAINT "made_to_order_quotes_days_check" CHECK ("made_to_order_quotes"."balance_days_before" between 0 and 60),
	CONSTRAINT "made_to_order_quotes_cookies_check" CHECK ("made_to_order_quotes"."cookies" between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "made_to_order_enquiries" ADD CONSTRAINT "made_to_order_enquiries_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "made_to_order_pictures" ADD CONSTRAINT "made_to_order_pictures_enquiry_id_made_to_order_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."made_to_order_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "made_to_order_quote_lines" ADD CONSTRAINT "made_to_order_quote_lines_quote_id_made_to_order_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."made_to_order_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "made_to_order_quote_lines" ADD CONSTRAINT "made_to_order_quote_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "made_to_order_quotes" ADD CONSTRAINT "made_to_order_quotes_enquiry_id_made_to_order_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."made_to_order_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "made_to_order_enquiries_created_idx" ON "made_to_order_enquiries" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "made_to_order_pictures_position_idx" ON "made_to_order_pictures" USING btree ("enquiry_id","position");--> statement-breakpoint
CREATE INDEX "made_to_order_quote_lines_quote_idx" ON "made_to_order_quote_lines" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "made_to_order_quotes_token_idx" ON "made_to_order_quotes" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "made_to_order_quotes_open_idx" ON "made_to_order_quotes" USING btree ("enquiry_id") WHERE "made_to_order_quotes"."status" = 'sent';