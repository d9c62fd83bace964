-- Settling no longer rewrites the payments' indexes (docs/settlement.md, "Finding what is due").
-- Before: settling set payments.settlement_id, a column in two indexes (payments_settlement_idx and
-- the predicate of payments_unsettled_idx), so no such update was HOT and each rewrote an entry in
-- every one of the payments' indexes (~0.09 ms a payment). Now what is due is found in a narrow
-- queue of its own, filled when a payment is recorded (by a trigger, whatever code inserts it) and
-- emptied when it is settled; settlement_id is in no index, so setting it is a HOT update when the
-- page has room: payments keep half of each page free for that one rewrite every payment gets.
CREATE TABLE "unsettled_payments" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"currency" char(3) NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "unsettled_payments_due_idx" ON "unsettled_payments" USING btree ("merchant_id", "currency", "received_at");
--> statement-breakpoint
INSERT INTO "unsettled_payments" ("payment_id", "merchant_id", "currency", "received_at")
SELECT "id", "merchant_id", "currency", "received_at" FROM "payments" WHERE "settlement_id" IS NULL AND "status" <> 'REVERSED';
--> statement-breakpoint
-- A statement trigger with a transition table: one INSERT … SELECT per statement, so a batch of
-- payments (lib/payments/record-batch.ts) queues them in one go. A REVERSED payment is never due.
CREATE FUNCTION "payments_queue_unsettled"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "unsettled_payments" ("payment_id", "merchant_id", "currency", "received_at")
  SELECT "id", "merchant_id", "currency", "received_at" FROM "recorded" WHERE "settlement_id" IS NULL AND "status" <> 'REVERSED';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_queue_unsettled" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS "recorded" FOR EACH STATEMENT EXECUTE FUNCTION "payments_queue_unsettled"();
--> statement-breakpoint
-- A payment reversed before it was settled is never due (its credit and reversal cancel out).
CREATE FUNCTION "payments_unqueue_reversed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "unsettled_payments" WHERE "payment_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- UPDATE OF status: settling (which sets settlement_id only) never fires it.
CREATE TRIGGER "payments_unqueue_reversed" AFTER UPDATE OF "status" ON "payments" FOR EACH ROW WHEN (NEW."status" = 'REVERSED') EXECUTE FUNCTION "payments_unqueue_reversed"();
--> statement-breakpoint
DROP INDEX "payments_unsettled_idx";
--> statement-breakpoint
DROP INDEX "payments_settlement_idx";
--> statement-breakpoint
-- Room on each page for the one HOT rewrite settlement makes of every payment (pages written from
-- now on; existing ones get it when the table is next rewritten, e.g. by pg_repack or VACUUM FULL).
ALTER TABLE "payments" SET (fillfactor = 50);
