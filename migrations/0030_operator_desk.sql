-- 0030_operator_desk: the operator console's desk (issue 26, docs/operator.md): payments found across
-- merchants, the raw rail notifications kept for each payment, and the payout files exported from
-- the console. The merchant-led indexes of 0004/0016 cannot serve a search that does not know the
-- merchant; these few global ones can (their cost per payment written is in docs/benchmarks.md).
-- A payer's whole number (any spelling) reversed, as the merchant search reads it, for any merchant.
CREATE INDEX "payments_phone_reversed_idx" ON "payments" ("payer_phone_reversed" text_pattern_ops) WHERE "payer_phone_reversed" IS NOT NULL;
--> statement-breakpoint
-- What the payer typed as the reference (a bill's reference, an invoice number), for any merchant.
CREATE INDEX "payments_bill_reference_idx" ON "payments" ("bill_reference", "created_at" DESC) WHERE "bill_reference" IS NOT NULL;
--> statement-breakpoint
-- Suspense found by the account number the payer typed (the rows are few; the index is cheap).
CREATE INDEX "suspense_payments_account_number_idx" ON "suspense_payments" ("account_number") WHERE "account_number" IS NOT NULL;
--> statement-breakpoint
-- A payment's phone prompt, for its whole story (prompts are fewer than payments; set once, when paid).
CREATE INDEX "stk_initiations_payment_idx" ON "stk_initiations" ("payment_id") WHERE "payment_id" IS NOT NULL;
--> statement-breakpoint
-- Every rail notification and callback as received (the exact request body), whatever became of it:
-- a C2B confirmation, a bank credit notification, an STK callback, a recovered transaction (Transaction
-- Status result or a Pull Transactions entry). Kept
-- apart from the payment so that a redelivery, a refused or a failed one is kept too.
CREATE TABLE "rail_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rail" text NOT NULL,
	"kind" text NOT NULL,
	"provider_reference" text,
	"checkout_request_id" text,
	"raw_body" text NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rail_notifications_kind_check" CHECK ("kind" IN ('C2B_CONFIRMATION', 'BANK_CREDIT', 'STK_CALLBACK', 'TRANSACTION_STATUS', 'PULL_TRANSACTION'))
);
--> statement-breakpoint
CREATE INDEX "rail_notifications_reference_idx" ON "rail_notifications" ("rail", "provider_reference", "received_at") WHERE "provider_reference" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "rail_notifications_checkout_idx" ON "rail_notifications" ("checkout_request_id", "received_at") WHERE "checkout_request_id" IS NOT NULL;
--> statement-breakpoint
-- A pain.001 file exported from the console, kept whole so that it can be downloaded again; written
-- in the transaction that marks its settlements PROCESSING.
CREATE TABLE "payout_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"xml" text NOT NULL,
	"transfer_count" integer NOT NULL,
	"totals" jsonb NOT NULL,
	"settlement_ids" jsonb NOT NULL,
	"exported_by" uuid NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_files_message_id_key" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE INDEX "payout_files_created_idx" ON "payout_files" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
-- A pain.002 status report uploaded from the console, and what importing it did.
CREATE TABLE "payout_status_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"original_message_id" text,
	"file_name" text,
	"xml" text NOT NULL,
	"outcome" jsonb NOT NULL,
	"imported_by" uuid NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payout_status_reports_message_idx" ON "payout_status_reports" ("original_message_id", "created_at" DESC);
