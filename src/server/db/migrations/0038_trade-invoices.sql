CREATE TABLE "trade_document_counters" (
	"sequence" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_invoice_lines" (
	"invoice_number" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_pennies_ex_vat" integer NOT NULL,
	"vat_rate" integer NOT NULL,
	"net_pennies" integer NOT NULL,
	"vat_pennies" integer NOT NULL,
	CONSTRAINT "trade_invoice_lines_invoice_number_position_pk" PRIMARY KEY("invoice_number","position"),
	CONSTRAINT "trade_invoice_lines_vat_rate_check" CHECK ("trade_invoice_lines"."vat_rate" in (0, 5, 20)),
	CONSTRAINT "trade_invoice_lines_quantity_check" CHECK ("trade_invoice_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "trade_invoices" (
	"number" integer PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"issued_on" date NOT NULL,
	"supplied_on" date NOT NULL,
	"due_on" date NOT NULL,
	"seller_name" text NOT NULL,
	"seller_address" text NOT NULL,
	"seller_vat_number" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_address" text NOT NULL,
	"customer_vat_number" text,
	"net_pennies" integer NOT NULL,
	"vat_pennies" integer NOT NULL,
	"total_pennies" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_invoices_number_check" CHECK ("trade_invoices"."number" > 0),
	CONSTRAINT "trade_invoices_total_check" CHECK ("trade_invoices"."total_pennies" = "trade_invoices"."net_pennies" + "trade_invoices"."vat_pennies"),
	CONSTRAINT "trade_invoices_paid_check" CHECK (("trade_invoices"."paid_at" is null) = ("trade_invoices"."paid_by" is null))
);
--> statement-breakpoint
CREATE TABLE "trade_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"lines" jsonb NOT NULL,
	"net_pennies" integer NOT NULL,
	"vat_pennies" integer NOT NULL,
	"total_pennies" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_orders_total_check" CHECK ("trade_orders"."total_pennies" = "trade_orders"."net_pennies" + "trade_orders"."vat_pennies")
);
--> statement-breakpoint
ALTER TABLE "trade_invoice_lines" ADD CONSTRAINT "trade_invoice_lines_invoice_number_trade_invoices_number_fk" FOREIGN KEY ("invoice_number") REFERENCES "public"."trade_invoices"("number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoice_lines" ADD CONSTRAINT "trade_invoice_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoices" ADD CONSTRAINT "trade_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_invoices" ADD CONSTRAINT "trade_invoices_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_invoices_order_idx" ON "trade_invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "trade_invoices_account_idx" ON "trade_invoices" USING btree ("account_id","issued_on");--> statement-breakpoint
CREATE INDEX "trade_orders_account_idx" ON "trade_orders" USING btree ("account_id","created_at" DESC NULLS LAST);