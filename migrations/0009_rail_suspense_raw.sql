-- 0009_rail_suspense_raw: money a rail confirmed is kept whatever its amount and bytes.
-- amount is NULL when the rail's amount is not one the service can credit (unreadable, negative,
-- zero, too many decimals, 10^12 or more); amount_text keeps it as sent, raw_body the request as
-- received (JSON source text, so storable whatever it escapes), detail a sentence for an operator.
ALTER TABLE "suspense_payments" ALTER COLUMN "amount" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "suspense_payments" ADD COLUMN "amount_text" text;
--> statement-breakpoint
ALTER TABLE "suspense_payments" ADD COLUMN "detail" text;
--> statement-breakpoint
ALTER TABLE "suspense_payments" ADD COLUMN "raw_body" text;
--> statement-breakpoint
UPDATE "suspense_payments" SET "amount_text" = "amount"::text WHERE "amount_text" IS NULL;
--> statement-breakpoint
ALTER TABLE "suspense_payments" ALTER COLUMN "amount_text" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "suspense_payments" ADD CONSTRAINT "suspense_payments_amount_or_reason" CHECK ("amount" IS NOT NULL OR "reason" IN ('UNREADABLE_AMOUNT', 'NEGATIVE_AMOUNT', 'ZERO_AMOUNT', 'TOO_MANY_DECIMALS', 'AMOUNT_TOO_LARGE'));
