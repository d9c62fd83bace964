-- 0028_messages: payer receipts, bill links and reminders by SMS and email (docs/messages.md): each
-- merchant's notification settings, every message recorded with its status, the one reminder per
-- bill, customers without an email address, and the receipt job queued in the payment's own transaction.
CREATE TABLE "notification_settings" (
	"merchant_id" uuid PRIMARY KEY NOT NULL REFERENCES "merchants"("id"),
	"receipt_channels" text[] DEFAULT '{}' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"display_name" text,
	"reminder_days_before" integer,
	"reminder_channels" text[] DEFAULT '{}' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_language_check" CHECK ("language" IN ('en', 'sw')),
	CONSTRAINT "notification_settings_channels_check" CHECK ("receipt_channels" <@ ARRAY['SMS', 'EMAIL']::text[] AND "reminder_channels" <@ ARRAY['SMS', 'EMAIL']::text[]),
	CONSTRAINT "notification_settings_reminder_days_check" CHECK ("reminder_days_before" BETWEEN 1 AND 30)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL REFERENCES "merchants"("id"),
	"sub_merchant_id" uuid REFERENCES "sub_merchants"("id"),
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"language" text NOT NULL,
	"segments" integer,
	"payment_id" uuid,
	"expected_payment_id" uuid,
	"customer_id" uuid,
	"dedupe_key" text,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"provider_cost" text,
	"requested_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp (3) with time zone,
	CONSTRAINT "messages_kind_check" CHECK ("kind" IN ('RECEIPT', 'BILL_LINK', 'REMINDER')),
	CONSTRAINT "messages_channel_check" CHECK ("channel" IN ('SMS', 'EMAIL')),
	CONSTRAINT "messages_status_check" CHECK ("status" IN ('QUEUED', 'SENT', 'RETRYING', 'FAILED', 'OUTBOX'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "messages_merchant_dedupe_key" ON "messages" USING btree ("merchant_id", "dedupe_key") WHERE "dedupe_key" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "messages_merchant_created_idx" ON "messages" USING btree ("merchant_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "messages_bill_idx" ON "messages" USING btree ("expected_payment_id") WHERE "expected_payment_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "bill_reminders" (
	"expected_payment_id" uuid PRIMARY KEY NOT NULL REFERENCES "expected_payments"("id"),
	"merchant_id" uuid NOT NULL REFERENCES "merchants"("id"),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "email" DROP NOT NULL;
--> statement-breakpoint
-- The receipts are queued by the statement that inserts the payments, whichever writer it is (a
-- rail's batch, recovery, a statement import, a suspense resolution), and only for merchants who
-- asked for receipts: one join of the inserted rows with notification_settings per statement, and
-- one job per statement (not per payment: graphile_worker.add_job costs milliseconds, and a batch
-- of 500 payments must not wait on 500 of them). The job's messages have unique keys, so a job run
-- twice sends nothing twice.
CREATE FUNCTION "messages_queue_receipts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	wanted uuid[];
BEGIN
	SELECT array_agg(inserted.id) INTO wanted
	  FROM inserted JOIN notification_settings settings ON settings.merchant_id = inserted.merchant_id
	 WHERE cardinality(settings.receipt_channels) > 0 AND inserted.status = 'RECEIVED';
	IF wanted IS NOT NULL THEN
		PERFORM graphile_worker.add_job('messages.receipt', json_build_object('paymentIds', wanted), max_attempts => 10);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_queue_receipts" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "messages_queue_receipts"();
