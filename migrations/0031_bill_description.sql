-- 0031_bill_description: a bill's description (issue 28, docs/payments.md "Editing a bill"): what the
-- bill is for, in the merchant's words, shown to the merchant and on the payer's page. Optional;
-- bounded so that it stays a line, not a document.
ALTER TABLE "expected_payments" ADD COLUMN "description" text;
--> statement-breakpoint
ALTER TABLE "expected_payments" ADD CONSTRAINT "expected_payments_description_length" CHECK (char_length("description") <= 500);
