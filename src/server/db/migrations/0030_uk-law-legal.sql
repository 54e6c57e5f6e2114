CREATE TABLE "terms_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trader_details" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"company_number" text DEFAULT '' NOT NULL,
	"registered_office" text DEFAULT '' NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trader_details_single_row" CHECK ("trader_details"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_terms_version_terms_versions_version_fk" FOREIGN KEY ("terms_version") REFERENCES "public"."terms_versions"("version") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Every version of the terms of sale is kept as written (issue 49): an order's agreed version
-- and its /terms/VERSION page can never change underneath it.
CREATE FUNCTION "terms_versions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'terms_versions is append-only: a version is never changed or deleted'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "terms_versions_append_only" BEFORE UPDATE OR DELETE ON "terms_versions"
  FOR EACH ROW EXECUTE FUNCTION "terms_versions_append_only"();--> statement-breakpoint
-- An order accepts the terms in force when it is written, whatever the insert says, and keeps them
-- (orders placed before this migration agreed to none and stay so).
CREATE FUNCTION "orders_terms_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.terms_version := (SELECT max("version") FROM "terms_versions");
  ELSE
    NEW.terms_version := OLD.terms_version;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_terms_version" BEFORE INSERT OR UPDATE OF "terms_version" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_terms_version"();
