ALTER TABLE "orders" ADD COLUMN "on_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "on_account" = true WHERE "id" IN (SELECT "order_id" FROM "trade_orders");
