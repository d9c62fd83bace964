CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"sub_merchant_id" uuid,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_daily_totals" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"virtual_account_id" uuid NOT NULL,
	"sub_merchant_id" uuid,
	"channel" text NOT NULL,
	"currency" char(3) NOT NULL,
	"payment_count" bigint NOT NULL,
	"total_amount" numeric(20, 4) NOT NULL,
	CONSTRAINT "payment_daily_totals_pkey" PRIMARY KEY("merchant_id","day","virtual_account_id","channel","currency")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"sub_merchant_id" uuid,
	"virtual_account_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"customer_id" uuid,
	"expected_payment_id" uuid,
	"rail" text NOT NULL,
	"channel" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"fee_amount" numeric(20, 4) NOT NULL,
	"net_amount" numeric(20, 4) NOT NULL,
	"overpaid_amount" numeric(20, 4) DEFAULT '0' NOT NULL,
	"currency" char(3) NOT NULL,
	"payer_name" text,
	"payer_phone" text,
	"payer_phone_reversed" text,
	"payer_account" text,
	"provider_reference" text NOT NULL,
	"bill_reference" text,
	"narration" text,
	"match_status" text NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_rail_reference_key" UNIQUE("rail","provider_reference")
);
--> statement-breakpoint
CREATE TABLE "suspense_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rail" text NOT NULL,
	"provider_reference" text NOT NULL,
	"account_number" text,
	"amount" numeric(20, 4) NOT NULL,
	"currency" char(3) NOT NULL,
	"reason" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suspense_payments_rail_reference_key" UNIQUE("rail","provider_reference")
);
--> statement-breakpoint
CREATE TABLE "stk_initiations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"sub_merchant_id" uuid,
	"virtual_account_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"expected_payment_id" uuid,
	"customer_id" uuid,
	"phone" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"description" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"failure_code" text,
	"failure_reason" text,
	"provider" text NOT NULL,
	"checkout_request_id" text,
	"merchant_request_id" text,
	"payment_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stk_initiations_checkout_key" UNIQUE("checkout_request_id")
);
--> statement-breakpoint
ALTER TABLE "balance_entries" ADD COLUMN "sequence" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_virtual_account_id_virtual_accounts_id_fk" FOREIGN KEY ("virtual_account_id") REFERENCES "public"."virtual_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stk_initiations" ADD CONSTRAINT "stk_initiations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stk_initiations" ADD CONSTRAINT "stk_initiations_virtual_account_id_virtual_accounts_id_fk" FOREIGN KEY ("virtual_account_id") REFERENCES "public"."virtual_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_merchant_created_idx" ON "events" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_merchant_created_idx" ON "payments" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_merchant_received_idx" ON "payments" USING btree ("merchant_id","received_at");--> statement-breakpoint
CREATE INDEX "payments_account_created_idx" ON "payments" USING btree ("virtual_account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_bill_idx" ON "payments" USING btree ("expected_payment_id");--> statement-breakpoint
CREATE INDEX "payments_customer_created_idx" ON "payments" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_merchant_reference_idx" ON "payments" USING btree ("merchant_id","provider_reference");--> statement-breakpoint
CREATE INDEX "payments_merchant_phone_idx" ON "payments" USING btree ("merchant_id","payer_phone_reversed" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "payments_merchant_bill_reference_idx" ON "payments" USING btree ("merchant_id","bill_reference");--> statement-breakpoint
CREATE INDEX "payments_payer_name_trgm_idx" ON "payments" USING gin ("payer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stk_initiations_merchant_created_idx" ON "stk_initiations" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stk_initiations_pending_idx" ON "stk_initiations" USING btree ("created_at") WHERE "stk_initiations"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "expected_payments_reference_idx" ON "expected_payments" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "expected_payments_awaiting_expiry_idx" ON "expected_payments" USING btree ("expires_at") WHERE "expected_payments"."status" in ('OPEN', 'PARTIALLY_PAID');--> statement-breakpoint
CREATE INDEX "balance_entries_payment_idx" ON "balance_entries" USING btree ("payment_id");