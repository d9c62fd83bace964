-- 0022_pricing: fee schedules per merchant (versions, never updated in place) and, on each payment,
-- the fee rule it was charged under (docs/pricing.md).
CREATE TABLE "merchant_pricing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL REFERENCES "merchants"("id"),
	"schedule" jsonb NOT NULL,
	"effective_from" timestamp (3) with time zone NOT NULL,
	"created_by" text NOT NULL,
	"reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "merchant_pricing_merchant_effective_idx" ON "merchant_pricing" USING btree ("merchant_id","effective_from" DESC NULLS LAST);
--> statement-breakpoint
-- Null on payments recorded before this migration: they were charged under the one schedule then in force.
ALTER TABLE "payments" ADD COLUMN "fee_rule" jsonb;
