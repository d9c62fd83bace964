-- 0023_settlement: where a merchant is paid (settlement accounts), when (its schedule), and the
-- settlements themselves with the payments and reversals each covers (docs/settlement.md).
CREATE TABLE "settlement_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL REFERENCES "merchants"("id"),
	"sub_merchant_id" uuid REFERENCES "sub_merchants"("id"),
	"kind" text NOT NULL,
	"currency" char(3) NOT NULL,
	"account_name" text NOT NULL,
	"bank_name" text,
	"bank_code" text,
	"branch_code" text,
	"account_number" text,
	"phone" text,
	"paybill" text,
	"account_reference" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"disabled_by" uuid,
	"disabled_at" timestamp (3) with time zone,
	CONSTRAINT "settlement_accounts_kind_check" CHECK ("kind" IN ('BANK', 'MPESA', 'PAYBILL')),
	CONSTRAINT "settlement_accounts_status_check" CHECK ("status" IN ('ACTIVE', 'DISABLED'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_accounts_one_active_key" ON "settlement_accounts" USING btree ("merchant_id", coalesce("sub_merchant_id", '00000000-0000-0000-0000-000000000000'::uuid), "currency") WHERE "status" = 'ACTIVE';
--> statement-breakpoint
CREATE INDEX "settlement_accounts_merchant_created_idx" ON "settlement_accounts" USING btree ("merchant_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE TABLE "settlement_schedules" (
	"merchant_id" uuid PRIMARY KEY NOT NULL REFERENCES "merchants"("id"),
	"interval" text DEFAULT 'DAILY' NOT NULL,
	"weekly_day" smallint,
	"monthly_day" smallint,
	"delay_days" smallint DEFAULT 1 NOT NULL,
	"minimum_amounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_schedules_interval_check" CHECK ("interval" IN ('DAILY', 'WEEKLY', 'MONTHLY', 'MANUAL')),
	CONSTRAINT "settlement_schedules_delay_check" CHECK ("delay_days" BETWEEN 0 AND 7),
	CONSTRAINT "settlement_schedules_weekly_day_check" CHECK ("weekly_day" IS NULL OR "weekly_day" BETWEEN 1 AND 7),
	CONSTRAINT "settlement_schedules_monthly_day_check" CHECK ("monthly_day" IS NULL OR "monthly_day" BETWEEN 1 AND 31)
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"sub_merchant_id" uuid,
	"currency" char(3) NOT NULL,
	"settlement_account_id" uuid NOT NULL,
	"rail" text NOT NULL,
	"destination" text NOT NULL,
	"gross_amount" numeric(20, 4) NOT NULL,
	"fee_amount" numeric(20, 4) NOT NULL,
	"reversal_amount" numeric(20, 4) NOT NULL,
	"brought_forward" numeric(20, 4) DEFAULT 0 NOT NULL,
	"carried_forward" numeric(20, 4) DEFAULT 0 NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"entry_count" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"origin" text NOT NULL,
	"scheduled_for" date,
	"cutoff" timestamp (3) with time zone NOT NULL,
	"requested_by" uuid,
	"idempotency_key" text,
	"provider_reference" text,
	"failure_reason" text,
	"originator_conversation_id" text,
	"conversation_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"processing_at" timestamp (3) with time zone,
	"paid_at" timestamp (3) with time zone,
	"failed_at" timestamp (3) with time zone,
	"returned_at" timestamp (3) with time zone,
	CONSTRAINT "settlements_status_check" CHECK ("status" IN ('PENDING', 'PROCESSING', 'PAID', 'FAILED', 'RETURNED')),
	CONSTRAINT "settlements_origin_check" CHECK ("origin" IN ('MANUAL', 'SCHEDULED')),
	CONSTRAINT "settlements_rail_check" CHECK ("rail" IN ('SIMULATOR', 'MPESA_B2C', 'MPESA_B2B', 'BANK')),
	CONSTRAINT "settlements_amount_positive" CHECK ("amount" > 0),
	CONSTRAINT "settlements_sums_check" CHECK ("amount" = "gross_amount" - "fee_amount" - "reversal_amount" + "brought_forward" - "carried_forward")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_scheduled_once_key" ON "settlements" USING btree ("merchant_id", coalesce("sub_merchant_id", '00000000-0000-0000-0000-000000000000'::uuid), "currency", "scheduled_for") WHERE "origin" = 'SCHEDULED';
--> statement-breakpoint
CREATE INDEX "settlements_merchant_created_idx" ON "settlements" USING btree ("merchant_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "settlements_in_flight_idx" ON "settlements" USING btree ("status", "created_at") WHERE "status" IN ('PENDING', 'PROCESSING');
--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_conversation_key" ON "settlements" USING btree ("conversation_id") WHERE "conversation_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_originator_conversation_key" ON "settlements" USING btree ("originator_conversation_id") WHERE "originator_conversation_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "settlement_items" (
	"settlement_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"virtual_account_id" uuid NOT NULL,
	"provider_reference" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"fee_amount" numeric(20, 4) NOT NULL,
	"net_amount" numeric(20, 4) NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"released_at" timestamp (3) with time zone,
	CONSTRAINT "settlement_items_pkey" PRIMARY KEY ("settlement_id", "kind", "payment_id"),
	CONSTRAINT "settlement_items_kind_check" CHECK ("kind" IN ('PAYMENT', 'REVERSAL')),
	CONSTRAINT "settlement_items_net_check" CHECK ("net_amount" = CASE WHEN "kind" = 'PAYMENT' THEN "amount" - "fee_amount" ELSE -("amount" - "fee_amount") END)
);
--> statement-breakpoint
-- A payment (and its reversal) is in at most one settlement that stands: a failed or returned
-- settlement releases its items, which a later settlement then covers.
CREATE UNIQUE INDEX "settlement_items_once_key" ON "settlement_items" USING btree ("payment_id", "kind") WHERE "released_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settlement_id" uuid;
--> statement-breakpoint
CREATE INDEX "payments_unsettled_idx" ON "payments" USING btree ("merchant_id", "currency", "received_at") WHERE "settlement_id" IS NULL AND "status" = 'RECEIVED';
--> statement-breakpoint
CREATE INDEX "payments_settlement_idx" ON "payments" USING btree ("settlement_id") WHERE "settlement_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD COLUMN "settlement_id" uuid;
--> statement-breakpoint
ALTER TABLE "balance_entries" ADD COLUMN "settlement_id" uuid;
--> statement-breakpoint
CREATE INDEX "balance_entries_settlement_idx" ON "balance_entries" USING btree ("settlement_id") WHERE "settlement_id" IS NOT NULL;
