CREATE TABLE "made_to_order_jobs" (
	"quote_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"balance_due_on" date NOT NULL,
	"balance_emailed_at" timestamp with time zone,
	"balance_reminded_at" timestamp with time zone,
	"deposit_on_cancel" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"amount_pennies" integer NOT NULL,
	"session_id" text,
	"url" text,
	"return_path" text,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payment_requests_purpose_check" CHECK ("order_payment_requests"."purpose" in ('deposit','balance')),
	CONSTRAINT "order_payment_requests_amount_check" CHECK ("order_payment_requests"."amount_pennies" > 0)
);
--> statement-breakpoint
ALTER TABLE "made_to_order_jobs" ADD CONSTRAINT "made_to_order_jobs_quote_id_made_to_order_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."made_to_order_quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "made_to_order_jobs" ADD CONSTRAINT "made_to_order_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payment_requests" ADD CONSTRAINT "order_payment_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "made_to_order_jobs_order_idx" ON "made_to_order_jobs" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_payment_requests_session_idx" ON "order_payment_requests" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "order_payment_requests_order_idx" ON "order_payment_requests" USING btree ("order_id");