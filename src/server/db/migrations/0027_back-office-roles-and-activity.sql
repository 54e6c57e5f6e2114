CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL,
	"ip" text,
	"kind" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_check";--> statement-breakpoint
CREATE INDEX "activity_log_at_idx" ON "activity_log" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_record_idx" ON "activity_log" USING btree ("record_type","record_id");--> statement-breakpoint
CREATE INDEX "activity_log_actor_idx" ON "activity_log" USING btree ("actor_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "user_roles_one_per_user" ON "user_roles" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('admin', 'staff', 'baker'));--> statement-breakpoint
-- The activity log is append-only (issue 45): whatever a route, a script or a person at psql tries,
-- an entry is never changed or deleted.
CREATE FUNCTION "activity_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'activity_log is append-only: entries are never changed or deleted'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "activity_log_append_only" BEFORE UPDATE OR DELETE ON "activity_log"
  FOR EACH ROW EXECUTE FUNCTION "activity_log_append_only"();
