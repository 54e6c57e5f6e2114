CREATE TABLE "gift_card_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_pennies" integer NOT NULL,
	"order_id" uuid,
	"actor_type" text NOT NULL,
	"actor_name" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_ledger_kind_check" CHECK ("gift_card_ledger"."kind" in ('issued','held','released','spent','refunded','adjusted','expired')),
	CONSTRAINT "gift_card_ledger_sign_check" CHECK (("gift_card_ledger"."kind" in ('issued','released','refunded') and "gift_card_ledger"."amount_pennies" > 0) or ("gift_card_ledger"."kind" in ('held','spent','expired') and "gift_card_ledger"."amount_pennies" < 0) or ("gift_card_ledger"."kind" = 'adjusted' and "gift_card_ledger"."amount_pennies" <> 0))
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"last4" text NOT NULL,
	"initial_pennies" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" uuid,
	"recipient_name" text,
	"recipient_email" text,
	"message" text,
	"send_on" date,
	"sent_at" timestamp with time zone,
	"issued_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "gift_cards_initial_check" CHECK ("gift_cards"."initial_pennies" > 0),
	CONSTRAINT "gift_cards_status_check" CHECK ("gift_cards"."status" in ('active','void','expired'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift_card" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_pennies" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "kind" text DEFAULT 'cookie' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_ledger" ADD CONSTRAINT "gift_card_ledger_card_id_gift_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_ledger" ADD CONSTRAINT "gift_card_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_ledger_card_idx" ON "gift_card_ledger" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_card_ledger_order_idx" ON "gift_card_ledger" USING btree ("order_id") WHERE "gift_card_ledger"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "gift_cards_order_idx" ON "gift_cards" USING btree ("order_id") WHERE "gift_cards"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "gift_cards_unsent_idx" ON "gift_cards" USING btree ("send_on") WHERE "gift_cards"."sent_at" is null and "gift_cards"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "gift_cards_created_idx" ON "gift_cards" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_card_check" CHECK ("orders"."gift_card_pennies" between 0 and "orders"."total_pennies");