CREATE INDEX "activity_log_kind_idx" ON "activity_log" USING btree ("kind","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_actor_kind_idx" ON "activity_log" USING btree ("actor_id","kind","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","id") WHERE "orders"."paid_at" is not null;