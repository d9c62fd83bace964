-- 0017_totals_fees: the daily and hourly totals carry the fees too, so that a day's gross, fee and
-- net are read from a few rows (daily-totals, the payments summary). Net is total − fee, never stored.
ALTER TABLE "payment_daily_totals" ADD COLUMN "fee_amount" numeric(20, 4) DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_merchant_daily_totals" ADD COLUMN "fee_amount" numeric(20, 4) DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_merchant_hourly_totals" ADD COLUMN "fee_amount" numeric(20, 4) DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Backfill from the payments. Instances of the previous version must be stopped first: their
-- payments would add to the counts and totals but not to the fees.
UPDATE "payment_daily_totals" t SET "fee_amount" = p.fee
  FROM (SELECT "merchant_id", ("received_at" AT TIME ZONE 'Africa/Nairobi')::date AS day, "virtual_account_id", "channel", "currency", sum("fee_amount") AS fee
          FROM "payments" GROUP BY 1, 2, 3, 4, 5) p
 WHERE t."merchant_id" = p."merchant_id" AND t."day" = p.day AND t."virtual_account_id" = p."virtual_account_id"
   AND t."channel" = p."channel" AND t."currency" = p."currency";
--> statement-breakpoint
-- A merchant row's shard cannot be told from its payments (a batch adds to its lane's row): the
-- fees of each day, sub-merchant, channel and currency go onto its lowest shard. Reads add the
-- shards up, so any spread sums the same.
UPDATE "payment_merchant_daily_totals" t SET "fee_amount" = p.fee
  FROM (SELECT "merchant_id", ("received_at" AT TIME ZONE 'Africa/Nairobi')::date AS day, "sub_merchant_id", "channel", "currency", sum("fee_amount") AS fee
          FROM "payments" GROUP BY 1, 2, 3, 4, 5) p
 WHERE t."merchant_id" = p."merchant_id" AND t."day" = p.day AND t."sub_merchant_id" IS NOT DISTINCT FROM p."sub_merchant_id"
   AND t."channel" = p."channel" AND t."currency" = p."currency"
   AND t."shard" = (SELECT min(s."shard") FROM "payment_merchant_daily_totals" s
                     WHERE s."merchant_id" = t."merchant_id" AND s."day" = t."day" AND s."sub_merchant_id" IS NOT DISTINCT FROM t."sub_merchant_id"
                       AND s."channel" = t."channel" AND s."currency" = t."currency");
--> statement-breakpoint
UPDATE "payment_merchant_hourly_totals" t SET "fee_amount" = p.fee
  FROM (SELECT "merchant_id", date_trunc('hour', "received_at", 'UTC') AS hour, "sub_merchant_id", "channel", "currency", sum("fee_amount") AS fee
          FROM "payments" GROUP BY 1, 2, 3, 4, 5) p
 WHERE t."merchant_id" = p."merchant_id" AND t."hour" = p.hour AND t."sub_merchant_id" IS NOT DISTINCT FROM p."sub_merchant_id"
   AND t."channel" = p."channel" AND t."currency" = p."currency"
   AND t."shard" = (SELECT min(s."shard") FROM "payment_merchant_hourly_totals" s
                     WHERE s."merchant_id" = t."merchant_id" AND s."hour" = t."hour" AND s."sub_merchant_id" IS NOT DISTINCT FROM t."sub_merchant_id"
                       AND s."channel" = t."channel" AND s."currency" = t."currency");
