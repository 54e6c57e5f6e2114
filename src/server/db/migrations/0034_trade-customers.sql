CREATE TABLE "trade_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"business_name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"postcode" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"vat_number" text,
	"status" text DEFAULT 'applied' NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"credit_limit_pennies" integer DEFAULT 0 NOT NULL,
	"delivery_zone_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_accounts_status_check" CHECK ("trade_accounts"."status" in ('applied','approved','declined')),
	CONSTRAINT "trade_accounts_terms_check" CHECK ("trade_accounts"."payment_terms_days" between 0 and 120),
	CONSTRAINT "trade_accounts_credit_check" CHECK ("trade_accounts"."credit_limit_pennies" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trade_prices" (
	"account_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"fixed_pennies_ex_vat" integer,
	"percent_off" integer,
	"case_size" integer DEFAULT 1 NOT NULL,
	"min_quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_prices_account_id_product_id_pk" PRIMARY KEY("account_id","product_id"),
	CONSTRAINT "trade_prices_kind_check" CHECK ("trade_prices"."kind" in ('fixed','percent')),
	CONSTRAINT "trade_prices_amount_check" CHECK (("trade_prices"."kind" = 'fixed' and "trade_prices"."fixed_pennies_ex_vat" >= 0 and "trade_prices"."percent_off" is null) or ("trade_prices"."kind" = 'percent' and "trade_prices"."percent_off" between 0 and 90 and "trade_prices"."fixed_pennies_ex_vat" is null)),
	CONSTRAINT "trade_prices_case_check" CHECK ("trade_prices"."case_size" between 1 and 500),
	CONSTRAINT "trade_prices_min_check" CHECK ("trade_prices"."min_quantity" between 0 and 5000)
);
--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_delivery_zone_id_delivery_zones_id_fk" FOREIGN KEY ("delivery_zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_prices" ADD CONSTRAINT "trade_prices_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_prices" ADD CONSTRAINT "trade_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_accounts_profile_idx" ON "trade_accounts" USING btree ("profile_id");