CREATE TABLE "expected_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"sub_merchant_id" uuid,
	"customer_id" uuid,
	"payment_reference" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"amount_paid" numeric(20, 4) DEFAULT '0' NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"matched_credit_id" uuid,
	"virtual_account_id" uuid,
	"cancelled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expected_payments_merchant_reference_key" UNIQUE("merchant_id","payment_reference"),
	CONSTRAINT "expected_payments_amount_positive" CHECK ("expected_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"sub_merchant_id" uuid,
	"external_ref" text NOT NULL,
	"display_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_merchant_external_ref_key" UNIQUE("merchant_id","external_ref")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"merchant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"response_headers" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("merchant_id","key")
);
--> statement-breakpoint
CREATE TABLE "balance_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"virtual_account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"balance_after" numeric(20, 4) NOT NULL,
	"payment_id" uuid,
	"description" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payer_links" (
	"token" text PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payer_links_target_key" UNIQUE("target_type","target_id")
);
--> statement-breakpoint
ALTER TABLE "expected_payments" ADD CONSTRAINT "expected_payments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_payments" ADD CONSTRAINT "expected_payments_sub_merchant_id_sub_merchants_id_fk" FOREIGN KEY ("sub_merchant_id") REFERENCES "public"."sub_merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_payments" ADD CONSTRAINT "expected_payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_payments" ADD CONSTRAINT "expected_payments_virtual_account_id_virtual_accounts_id_fk" FOREIGN KEY ("virtual_account_id") REFERENCES "public"."virtual_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_sub_merchant_id_sub_merchants_id_fk" FOREIGN KEY ("sub_merchant_id") REFERENCES "public"."sub_merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_virtual_account_id_virtual_accounts_id_fk" FOREIGN KEY ("virtual_account_id") REFERENCES "public"."virtual_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_links" ADD CONSTRAINT "payer_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expected_payments_merchant_created_idx" ON "expected_payments" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "expected_payments_merchant_status_idx" ON "expected_payments" USING btree ("merchant_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "expected_payments_customer_idx" ON "expected_payments" USING btree ("customer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "expected_payments_virtual_account_idx" ON "expected_payments" USING btree ("virtual_account_id");--> statement-breakpoint
CREATE INDEX "customers_merchant_created_idx" ON "customers" USING btree ("merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_sub_merchant_created_idx" ON "customers" USING btree ("sub_merchant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "balance_entries_account_created_idx" ON "balance_entries" USING btree ("virtual_account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payer_links_merchant_idx" ON "payer_links" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_single_owner_key" ON "virtual_accounts" USING btree ("owner_type","owner_id") WHERE "virtual_accounts"."purpose" in ('CUSTOMER', 'INVOICE');--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_static_purpose_key" ON "virtual_accounts" USING btree ("merchant_id",coalesce("sub_merchant_id", '00000000-0000-0000-0000-000000000000'::uuid),"purpose","currency") WHERE "virtual_accounts"."purpose" in ('LEGACY', 'BRAND', 'SUBSCRIBER', 'CURRENCY');