CREATE TABLE "subscription_boxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"box_date" date NOT NULL,
	"delivery_date" date,
	"order_id" uuid,
	"status" text NOT NULL,
	"total_pennies" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"charge_started_at" timestamp with time zone,
	"first_declined_at" timestamp with time zone,
	"next_retry_at" timestamp with time zone,
	"last_error" text,
	"payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_boxes_status_check" CHECK ("subscription_boxes"."status" in ('skipped','due','charging','paid','missed','refunded'))
);
--> statement-breakpoint
CREATE TABLE "subscription_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" text NOT NULL,
	"product_id" uuid,
	"box_id" uuid,
	"quantity" integer NOT NULL,
	"every_weeks" integer NOT NULL,
	"weekday" integer NOT NULL,
	"status" text DEFAULT 'awaiting_card' NOT NULL,
	"paused_until" date,
	"next_box_date" date NOT NULL,
	"payment_provider" text NOT NULL,
	"provider_customer_id" text,
	"payment_method_id" text,
	"card_label" text,
	"setup_session_id" text,
	"quoted_pennies" integer NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_setup_session_id_unique" UNIQUE("setup_session_id"),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('awaiting_card','active','paused','failing','cancelled')),
	CONSTRAINT "subscriptions_every_weeks_check" CHECK ("subscriptions"."every_weeks" in (2, 4)),
	CONSTRAINT "subscriptions_weekday_check" CHECK ("subscriptions"."weekday" between 0 and 6),
	CONSTRAINT "subscriptions_quantity_check" CHECK ("subscriptions"."quantity" between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "subscription_boxes" ADD CONSTRAINT "subscription_boxes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_boxes" ADD CONSTRAINT "subscription_boxes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_history" ADD CONSTRAINT "subscription_history_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_boxes_once_idx" ON "subscription_boxes" USING btree ("subscription_id","box_date");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_boxes_order_idx" ON "subscription_boxes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "subscription_boxes_due_idx" ON "subscription_boxes" USING btree ("next_retry_at") WHERE "subscription_boxes"."status" in ('due','charging');--> statement-breakpoint
CREATE INDEX "subscription_history_sub_idx" ON "subscription_history" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_profile_idx" ON "subscriptions" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_box_date") WHERE "subscriptions"."status" in ('active','failing','paused');