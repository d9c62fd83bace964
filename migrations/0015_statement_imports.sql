-- 0015_statement_imports: the bank's statements of the collection accounts, imported and matched
-- against the payments (docs/reconciliation.md, "Statements"). One row per statement of a file, unique
-- per bank account and statement id, so a statement is imported once whatever file carries it; one
-- row per entry with what became of it. And an index for merchants' account statements, which cut a
-- period where the ledger's sequence is cut.
CREATE TABLE "statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_hash" text NOT NULL,
	"file_name" text,
	"format" text NOT NULL,
	"bank_account" text NOT NULL,
	"statement_id" text NOT NULL,
	"currency" char(3) NOT NULL,
	"opening_balance" numeric(20, 4),
	"closing_balance" numeric(20, 4),
	"status" text DEFAULT 'IMPORTING' NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"matched_count" integer DEFAULT 0 NOT NULL,
	"recorded_count" integer DEFAULT 0 NOT NULL,
	"suspense_count" integer DEFAULT 0 NOT NULL,
	"mismatched_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone,
	CONSTRAINT "statement_imports_statement_key" UNIQUE("bank_account","statement_id"),
	CONSTRAINT "statement_imports_format_check" CHECK ("format" IN ('CAMT053', 'MT940')),
	CONSTRAINT "statement_imports_status_check" CHECK ("status" IN ('IMPORTING', 'COMPLETED'))
);
--> statement-breakpoint
CREATE INDEX "statement_imports_file_hash_idx" ON "statement_imports" USING btree ("file_hash");
--> statement-breakpoint
CREATE TABLE "statement_import_entries" (
	"import_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"bank_reference" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"currency" char(3) NOT NULL,
	"account_number" text,
	"booked_on" date,
	"outcome" text NOT NULL,
	"payment_id" uuid,
	"suspense_id" uuid,
	"detail" text,
	CONSTRAINT "statement_import_entries_pkey" PRIMARY KEY("import_id","position"),
	CONSTRAINT "statement_import_entries_direction_check" CHECK ("direction" IN ('CREDIT', 'DEBIT')),
	CONSTRAINT "statement_import_entries_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE no action ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "statement_import_entries_reference_idx" ON "statement_import_entries" USING btree ("bank_reference");
--> statement-breakpoint
CREATE INDEX "balance_entries_account_sequence_idx" ON "balance_entries" USING btree ("virtual_account_id","sequence");
