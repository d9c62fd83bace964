-- 0013_payment_reversals: a payment can be reversed, at the merchant's request (Daraja's Reversal
-- API, or the sandbox simulator) or by the rail itself (a bank's signed return notification).
-- payments.status says where it stands; payment_reversals keeps each attempt, with the rail's
-- conversation ids and, when it failed, the rail's reason (docs/reconciliation.md).
ALTER TABLE "payments" ADD COLUMN "status" text DEFAULT 'RECEIVED' NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("status" IN ('RECEIVED', 'REVERSAL_PENDING', 'REVERSED'));
--> statement-breakpoint
CREATE TABLE "payment_reversals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"sub_merchant_id" uuid,
	"virtual_account_id" uuid NOT NULL,
	"rail" text NOT NULL,
	"origin" text NOT NULL,
	"requested_by" uuid,
	"idempotency_key" text,
	"amount" numeric(20, 4) NOT NULL,
	"fee_amount" numeric(20, 4) NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"originator_conversation_id" text,
	"conversation_id" text,
	"rail_reference" text,
	"result_code" text,
	"reason" text,
	"remarks" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone,
	CONSTRAINT "payment_reversals_status_check" CHECK ("status" IN ('REQUESTED', 'CONFIRMED', 'FAILED')),
	CONSTRAINT "payment_reversals_origin_check" CHECK ("origin" IN ('MERCHANT', 'RAIL')),
	CONSTRAINT "payment_reversals_amount_positive" CHECK ("amount" > 0)
);
--> statement-breakpoint
-- One reversal at a time per payment, and none once one is confirmed: two clicks, two instances or
-- a bank return racing a merchant's request cannot both reverse it.
CREATE UNIQUE INDEX "payment_reversals_one_active_idx" ON "payment_reversals" ("payment_id") WHERE "status" IN ('REQUESTED', 'CONFIRMED');
--> statement-breakpoint
-- A rail's reference for the reversal (M-Pesa's reversal receipt, the bank's return reference) is
-- recorded once: a repeated return notification finds the first.
CREATE UNIQUE INDEX "payment_reversals_rail_reference_idx" ON "payment_reversals" ("rail", "rail_reference") WHERE "rail_reference" IS NOT NULL;
--> statement-breakpoint
-- What an account's waiting reversals hold back from a new one (lib/reversals/request-reversal.ts).
CREATE INDEX "payment_reversals_account_waiting_idx" ON "payment_reversals" ("virtual_account_id") WHERE "status" = 'REQUESTED';
--> statement-breakpoint
CREATE INDEX "payment_reversals_conversation_idx" ON "payment_reversals" ("conversation_id");
--> statement-breakpoint
CREATE INDEX "payment_reversals_originator_conversation_idx" ON "payment_reversals" ("originator_conversation_id");
--> statement-breakpoint
CREATE INDEX "payment_reversals_payment_created_idx" ON "payment_reversals" ("payment_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "payment_reversals_merchant_created_idx" ON "payment_reversals" ("merchant_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
