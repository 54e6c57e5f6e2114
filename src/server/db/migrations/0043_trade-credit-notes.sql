CREATE TABLE "trade_credit_note_lines" (
	"credit_note_number" integer NOT NULL,
	"invoice_position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_pennies_ex_vat" integer NOT NULL,
	"vat_rate" integer NOT NULL,
	"net_pennies" integer NOT NULL,
	"vat_pennies" integer NOT NULL,
	CONSTRAINT "trade_credit_note_lines_credit_note_number_invoice_position_pk" PRIMARY KEY("credit_note_number","invoice_position"),
	CONSTRAINT "trade_credit_note_lines_vat_rate_check" CHECK ("trade_credit_note_lines"."vat_rate" in (0, 5, 20)),
	CONSTRAINT "trade_credit_note_lines_quantity_check" CHECK ("trade_credit_note_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "trade_credit_notes" (
	"number" integer PRIMARY KEY NOT NULL,
	"invoice_number" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"issued_on" date NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"settled_by" text NOT NULL,
	"net_pennies" integer NOT NULL,
	"vat_pennies" integer NOT NULL,
	"total_pennies" integer NOT NULL,
	"issued_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_credit_notes_number_check" CHECK ("trade_credit_notes"."number" > 0),
	CONSTRAINT "trade_credit_notes_total_check" CHECK ("trade_credit_notes"."total_pennies" = "trade_credit_notes"."net_pennies" + "trade_credit_notes"."vat_pennies" and "trade_credit_notes"."total_pennies" > 0),
	CONSTRAINT "trade_credit_notes_reason_check" CHECK ("trade_credit_notes"."reason" in ('short','return')),
	CONSTRAINT "trade_credit_notes_settled_check" CHECK ("trade_credit_notes"."settled_by" in ('invoice','bank_transfer'))
);
--> statement-breakpoint
ALTER TABLE "trade_credit_note_lines" ADD CONSTRAINT "trade_credit_note_lines_credit_note_number_trade_credit_notes_number_fk" FOREIGN KEY ("credit_note_number") REFERENCES "public"."trade_credit_notes"("number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_credit_notes" ADD CONSTRAINT "trade_credit_notes_invoice_number_trade_invoices_number_fk" FOREIGN KEY ("invoice_number") REFERENCES "public"."trade_invoices"("number") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_credit_notes" ADD CONSTRAINT "trade_credit_notes_account_id_trade_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trade_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_credit_notes_invoice_idx" ON "trade_credit_notes" USING btree ("invoice_number");