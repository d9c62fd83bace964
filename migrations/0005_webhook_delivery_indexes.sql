ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_endpoint_event_key";--> statement-breakpoint
DROP INDEX "webhook_deliveries_event_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_pending_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_in_flight_idx";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "attempt_started_at";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_endpoint_key" UNIQUE("event_id","endpoint_id");--> statement-breakpoint
-- Room in each page, so that recording an attempt stays a heap-only (HOT) update (lib/webhooks/schema.ts).
ALTER TABLE "webhook_deliveries" SET (fillfactor = 70);
