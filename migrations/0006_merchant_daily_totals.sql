CREATE TABLE "payment_merchant_daily_totals" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sub_merchant_id" uuid,
	"channel" text NOT NULL,
	"currency" char(3) NOT NULL,
	"shard" smallint NOT NULL,
	"payment_count" bigint NOT NULL,
	"total_amount" numeric(20, 4) NOT NULL,
	CONSTRAINT "payment_merchant_daily_totals_key" UNIQUE NULLS NOT DISTINCT("merchant_id","day","sub_merchant_id","channel","currency","shard")
);
--> statement-breakpoint
-- Backfill from the per-account totals (shard 0: any shard sums the same). Instances of the
-- previous version must be stopped first: their payments would update only the per-account rows.
INSERT INTO "payment_merchant_daily_totals" ("merchant_id", "day", "sub_merchant_id", "channel", "currency", "shard", "payment_count", "total_amount")
SELECT "merchant_id", "day", "sub_merchant_id", "channel", "currency", 0, sum("payment_count"), sum("total_amount")
  FROM "payment_daily_totals"
 GROUP BY "merchant_id", "day", "sub_merchant_id", "channel", "currency";
