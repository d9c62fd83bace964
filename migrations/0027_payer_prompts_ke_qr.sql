-- 0027_payer_prompts_ke_qr: the payer's side (issue 27; docs/payers.md). A merchant's KE-QR
-- merchant category code, prompts a payer asks for from a payer link, and their throttle.
-- ISO 18245 category code for tag 52 of the merchant's KE-QR codes; "0000" until the merchant's is set.
ALTER TABLE "merchants" ADD COLUMN "merchant_category_code" text DEFAULT '0000' NOT NULL;
--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_category_code_check" CHECK ("merchants"."merchant_category_code" ~ '^[0-9]{4}$');
--> statement-breakpoint
-- The payer link a prompt was asked for from (the payer's own request): null for the merchant's prompts.
ALTER TABLE "stk_initiations" ADD COLUMN "payer_link_token" text;
--> statement-breakpoint
CREATE INDEX "stk_initiations_payer_link_idx" ON "stk_initiations" USING btree ("payer_link_token") WHERE "payer_link_token" IS NOT NULL;
--> statement-breakpoint
-- One row per prompt a payer asked for, kept for the throttle's window (per link, phone and address).
CREATE TABLE "payer_prompt_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"link_token" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payer_prompt_requests_link_idx" ON "payer_prompt_requests" USING btree ("link_token", "requested_at");
--> statement-breakpoint
CREATE INDEX "payer_prompt_requests_phone_idx" ON "payer_prompt_requests" USING btree ("phone", "requested_at");
--> statement-breakpoint
CREATE INDEX "payer_prompt_requests_address_idx" ON "payer_prompt_requests" USING btree ("address", "requested_at");
