-- 0016_operations: issue 17 (operations). Why each attempt came early, for the delivery log; the job
-- workers' heartbeats, so that a dead process's jobs are freed within seconds, not graphile-worker's 4 hours.
ALTER TABLE "webhook_attempts" ADD COLUMN "scheduled_because" text;
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_scheduled_because_check" CHECK ("scheduled_because" IN ('ENDPOINT_RECOVERED'));
--> statement-breakpoint
CREATE TABLE "job_worker_heartbeats" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"beat_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Keys of merchant-owned tables that a database sharded by merchant_id (Citus, docs/scaling.md) can
-- enforce: merchant_id added in front where it changes nothing (the other columns name things that
-- belong to one merchant already). Built before the old key is dropped, so uniqueness never lapses.
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_merchant_event_endpoint_key" UNIQUE ("merchant_id", "event_id", "endpoint_id");
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_endpoint_key";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" RENAME CONSTRAINT "webhook_deliveries_merchant_event_endpoint_key" TO "webhook_deliveries_event_endpoint_key";
--> statement-breakpoint
ALTER TABLE "payer_links" ADD CONSTRAINT "payer_links_merchant_target_key" UNIQUE ("merchant_id", "target_type", "target_id");
--> statement-breakpoint
ALTER TABLE "payer_links" DROP CONSTRAINT "payer_links_target_key";
--> statement-breakpoint
ALTER TABLE "payer_links" RENAME CONSTRAINT "payer_links_merchant_target_key" TO "payer_links_target_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_accounts_merchant_single_owner_key" ON "virtual_accounts" USING btree ("merchant_id", "owner_type", "owner_id") WHERE "virtual_accounts"."purpose" in ('CUSTOMER', 'INVOICE');
--> statement-breakpoint
DROP INDEX "virtual_accounts_single_owner_key";
--> statement-breakpoint
ALTER INDEX "virtual_accounts_merchant_single_owner_key" RENAME TO "virtual_accounts_single_owner_key";
