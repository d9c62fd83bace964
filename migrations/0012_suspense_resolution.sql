-- 0012_suspense_resolution: suspense a merchant can see and work off, and NEEDS_ATTENTION payments a
-- person has dealt with (issue 14). The merchant, sub-merchant and account are set when the
-- account number was known (another currency, an amount that is not money); an operator assigns the
-- rest (`suspense:assign`). A resolved row names the one payment it became.
ALTER TABLE "suspense_payments" ADD COLUMN "merchant_id" uuid;
--> statement-breakpoint
ALTER TABLE "suspense_payments" ADD COLUMN "sub_merchant_id" uuid;
--> statement-breakpoint
ALTER TABLE "suspense_payments" ADD COLUMN "virtual_account_id" uuid;
--> statement-breakpoint
ALTER TABLE "suspense_payments" ADD COLUMN "status" text DEFAULT 'OPEN' NOT NULL;
--> statement-breakpoint
ALTER TABLE "suspense_payments" ADD COLUMN "resolved_payment_id" uuid;
--> statement-breakpoint
ALTER TABLE "suspense_payments" ADD COLUMN "resolved_by" uuid;
--> statement-breakpoint
ALTER TABLE "suspense_payments" ADD COLUMN "resolution_note" text;
--> statement-breakpoint
ALTER TABLE "suspense_payments" ADD COLUMN "return_requested_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "suspense_payments" ADD CONSTRAINT "suspense_payments_status_check" CHECK ("status" IN ('OPEN', 'RESOLVED', 'RETURN_REQUESTED'));
--> statement-breakpoint
ALTER TABLE "suspense_payments" ADD CONSTRAINT "suspense_payments_resolved_has_payment" CHECK (("status" = 'RESOLVED') = ("resolved_payment_id" IS NOT NULL));
--> statement-breakpoint
UPDATE "suspense_payments" s SET "merchant_id" = a."merchant_id", "sub_merchant_id" = a."sub_merchant_id", "virtual_account_id" = a."id"
  FROM "virtual_accounts" a WHERE a."account_number" = s."account_number" AND s."merchant_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "suspense_payments_merchant_created_idx" ON "suspense_payments" ("merchant_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "suspense_payments_merchant_status_created_idx" ON "suspense_payments" ("merchant_id", "status", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "suspense_payments_unassigned_idx" ON "suspense_payments" ("created_at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE "merchant_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attention_resolution" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attention_note" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attention_resolved_by" uuid;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attention_resolved_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "moved_from_expected_payment_id" uuid;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_attention_resolution_check" CHECK ("attention_resolution" IN ('MOVED', 'NOTED') AND "attention_resolved_at" IS NOT NULL OR "attention_resolution" IS NULL AND "attention_resolved_at" IS NULL);
--> statement-breakpoint
CREATE INDEX "payments_merchant_attention_idx" ON "payments" ("merchant_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE "match_status" = 'NEEDS_ATTENTION' AND "attention_resolved_at" IS NULL;
