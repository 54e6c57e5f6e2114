CREATE INDEX "orders_ship_postcode_search_idx" ON "orders" USING btree (upper(replace("ship_postcode", ' ', '')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_ship_name_search_idx" ON "orders" USING btree (lower("ship_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "profiles_email_search_idx" ON "profiles" USING btree (lower("email") text_pattern_ops);