CREATE TABLE "payment_merchant_hourly_totals" (
	"merchant_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"sub_merchant_id" uuid,
	"channel" text NOT NULL,
	"currency" char(3) NOT NULL,
	"shard" smallint NOT NULL,
	"payment_count" bigint NOT NULL,
	"total_amount" numeric(20, 4) NOT NULL,
	CONSTRAINT "payment_merchant_hourly_totals_key" UNIQUE NULLS NOT DISTINCT("merchant_id","hour","sub_merchant_id","channel","currency","shard")
);
--> statement-breakpoint
-- Backfill from the payments (shard 0: any shard sums the same). Instances of the previous version
-- must be stopped first: their payments would not add to the hourly rows.
INSERT INTO "payment_merchant_hourly_totals" ("merchant_id", "hour", "sub_merchant_id", "channel", "currency", "shard", "payment_count", "total_amount")
SELECT "merchant_id", date_trunc('hour', "received_at", 'UTC'), "sub_merchant_id", "channel", "currency", 0, count(*), sum("amount")
  FROM "payments"
 GROUP BY 1, 2, 3, 4, 5;
