ALTER TABLE "orders" ADD COLUMN "collection_slot_from" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collection_slot_to" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "collection_slot_minutes" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "collection_slot_opens" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "collection_slot_closes" text;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "collection_slot_cap" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_collection_slot_check" CHECK (("orders"."collection_slot_from" is null) = ("orders"."collection_slot_to" is null) and ("orders"."collection_slot_from" is null or "orders"."fulfilment" = 'collection'));--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_collection_slots_check" CHECK ("shop_settings"."collection_slot_minutes" is null or ("shop_settings"."collection_slot_minutes" in (15, 30, 60)
        and "shop_settings"."collection_slot_cap" between 1 and 100
        and "shop_settings"."collection_slot_opens" ~ '^[0-2][0-9]:[0-5][0-9]$' and "shop_settings"."collection_slot_closes" ~ '^[0-2][0-9]:[0-5][0-9]$'
        and "shop_settings"."collection_slot_opens" < "shop_settings"."collection_slot_closes"));