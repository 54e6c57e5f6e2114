ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_check";--> statement-breakpoint
CREATE UNIQUE INDEX "user_roles_one_per_user" ON "user_roles" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('admin', 'staff', 'baker'));