-- 0020_statement_identity: a bank statement is identified by what is really unique about it, not by
-- its id alone (Sparkasse and Rabobank reuse :20: and :28C: every day), and each credit of a
-- collection account is accounted for by one statement entry at most, so that overlapping or
-- re-exported statements record each credit once (docs/reconciliation.md, "Statements").
ALTER TABLE "statement_imports" ADD COLUMN "identity" text;
--> statement-breakpoint
-- Statements imported before keep their old key as their identity: still unique, and never equal to
-- a new identity (a hex digest), so a re-import of one is caught entry by entry below.
UPDATE "statement_imports" SET "identity" = 'legacy:' || "statement_id";
--> statement-breakpoint
ALTER TABLE "statement_imports" ALTER COLUMN "identity" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "statement_imports" ADD COLUMN "opening_date" date;
--> statement-breakpoint
ALTER TABLE "statement_imports" ADD COLUMN "closing_date" date;
--> statement-breakpoint
ALTER TABLE "statement_imports" ADD COLUMN "repeated_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "statement_imports" DROP CONSTRAINT "statement_imports_statement_key";
--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_identity_key" UNIQUE("bank_account","identity");
--> statement-breakpoint
CREATE INDEX "statement_imports_statement_idx" ON "statement_imports" USING btree ("bank_account","statement_id");
--> statement-breakpoint
ALTER TABLE "statement_import_entries" ADD COLUMN "bank_account" text;
--> statement-breakpoint
UPDATE "statement_import_entries" e SET "bank_account" = i."bank_account" FROM "statement_imports" i WHERE i."id" = e."import_id";
--> statement-breakpoint
ALTER TABLE "statement_import_entries" ALTER COLUMN "bank_account" SET NOT NULL;
--> statement-breakpoint
-- A credit accounted for by two statements before this rule: the later entry becomes REPEATED.
UPDATE "statement_import_entries" e SET "outcome" = 'REPEATED', "detail" = 'Already accounted for by an earlier statement.'
  FROM (
    SELECT d."import_id", d."position",
           row_number() OVER (PARTITION BY d."bank_account", d."bank_reference" ORDER BY i."started_at", d."import_id", d."position") AS "copy"
      FROM "statement_import_entries" d JOIN "statement_imports" i ON i."id" = d."import_id"
     WHERE d."outcome" IN ('MATCHED', 'HELD', 'RECORDED', 'SUSPENSE')
  ) later
 WHERE later."copy" > 1 AND e."import_id" = later."import_id" AND e."position" = later."position";
--> statement-breakpoint
CREATE UNIQUE INDEX "statement_import_entries_credit_key" ON "statement_import_entries" USING btree ("bank_account","bank_reference") WHERE "outcome" IN ('MATCHED', 'HELD', 'RECORDED', 'SUSPENSE');
