-- A merchant's search box (lib/payments/filters.ts) reads what a payer typed (a bill reference, a
-- receipt, a phone) in one plain table first, then only the month partitions of payments that hold
-- what it found (docs/scaling.md, "A merchant's search box: the search keys"). What a payer typed
-- has no time, so read from payments alone the search probed three indexes in every month kept:
-- at 10M payments over 17 months 0.72 ms for a receipt where one table took 0.35.
-- payment_search_keys holds, per payment, the merchant and the three things searched, with the
-- payment's key (id, created_at). Triggers on payments keep it, in the statement that writes the
-- payment, so a payment and its keys are seen together or not at all by any snapshot: no path of
-- the service has to remember it. Every key and index leads with merchant_id (docs/scaling.md, Citus).
CREATE TABLE "payment_search_keys" (
  "merchant_id" uuid NOT NULL,
  "provider_reference" text NOT NULL,
  "payment_id" uuid NOT NULL,
  "payment_created_at" timestamp(3) with time zone NOT NULL,
  "bill_reference" text,
  "payer_phone_reversed" text
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payments_keep_search_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "payment_search_keys" ("merchant_id", "provider_reference", "payment_id", "payment_created_at", "bill_reference", "payer_phone_reversed")
  SELECT "merchant_id", "provider_reference", "id", "created_at", "bill_reference", "payer_phone_reversed" FROM "recorded";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Nothing in the service changes what was searched once a payment is written; an operator's repair
-- by hand might, and a key that no longer says what the payment says would hide it from its merchant.
CREATE OR REPLACE FUNCTION "payments_rekey_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "payment_search_keys" k
     SET "merchant_id" = NEW."merchant_id", "provider_reference" = NEW."provider_reference", "payment_id" = NEW."id",
         "payment_created_at" = NEW."created_at", "bill_reference" = NEW."bill_reference", "payer_phone_reversed" = NEW."payer_phone_reversed"
   WHERE k."merchant_id" = OLD."merchant_id" AND k."provider_reference" = OLD."provider_reference" AND k."payment_id" = OLD."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payments_unkey_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "payment_search_keys" k USING "removed" r
   WHERE k."merchant_id" = r."merchant_id" AND k."provider_reference" = r."provider_reference" AND k."payment_id" = r."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_keep_search_keys" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS "recorded" FOR EACH STATEMENT EXECUTE FUNCTION "payments_keep_search_keys"();
--> statement-breakpoint
CREATE TRIGGER "payments_rekey_search" AFTER UPDATE OF "merchant_id", "provider_reference", "id", "created_at", "bill_reference", "payer_phone_reversed" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_rekey_search"();
--> statement-breakpoint
CREATE TRIGGER "payments_unkey_search" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "payments_unkey_search"();
--> statement-breakpoint
-- The triggers hold payments against writes until this commits, so the copy misses none.
INSERT INTO "payment_search_keys" ("merchant_id", "provider_reference", "payment_id", "payment_created_at", "bill_reference", "payer_phone_reversed")
SELECT "merchant_id", "provider_reference", "id", "created_at", "bill_reference", "payer_phone_reversed" FROM "payments";
--> statement-breakpoint
-- Each index carries the payment's key, so what the search finds is read from the index alone.
CREATE UNIQUE INDEX "payment_search_keys_reference_idx" ON "payment_search_keys" USING btree ("merchant_id", "provider_reference", "payment_id") INCLUDE ("payment_created_at");
--> statement-breakpoint
CREATE INDEX "payment_search_keys_bill_reference_idx" ON "payment_search_keys" USING btree ("merchant_id", "bill_reference") INCLUDE ("payment_id", "payment_created_at") WHERE "bill_reference" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "payment_search_keys_phone_idx" ON "payment_search_keys" USING btree ("merchant_id", "payer_phone_reversed" text_pattern_ops) INCLUDE ("payment_id", "payment_created_at") WHERE "payer_phone_reversed" IS NOT NULL;
--> statement-breakpoint
-- One merchant's payments matching the search box: each way the query may be meant (a bill
-- reference, a provider reference as typed and, for a receipt, in capitals, a phone as the range of
-- its reversed digits, a payer's name as an ILIKE pattern; NULL for a reading that does not apply).
-- Found in the keys (200 at most), the payments are read by their key, only in the months between
-- the first and the last found: the bounds are values when the statement starts, so PostgreSQL
-- never starts the other months (a receipt reads one). More than 200 (a payer with years of
-- payments, a bill reference shared by a school's parents), or a name, which the keys do not hold:
-- every month is read by its own indexes, as before this table, where the rows' cost is the same
-- either way. Generic plans, as the operator's search (migration 0037): planned once a connection
-- (left to choose, PostgreSQL planned the read by key anew on every call: 0.2 ms more a search).
-- Not max_parallel_workers_per_gather = 0 as there: each SET on a function costs every call
-- (0.03 ms measured), and one merchant's readings are estimated at a row a month, never parallel.
CREATE OR REPLACE FUNCTION "merchant_search_payments"("merchant" uuid, "q" text, "q_upper" text, "phone_from" text, "phone_to" text, "name_like" text)
RETURNS SETOF "payments" LANGUAGE plpgsql STABLE ROWS 20
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  found_count int;
  found_ids uuid[];
  found_times timestamptz[];
  earliest timestamptz;
  latest timestamptz;
BEGIN
  IF "name_like" IS NULL THEN
    SELECT count(*), array_agg(f.payment_id), array_agg(f.payment_created_at), min(f.payment_created_at), max(f.payment_created_at)
      INTO found_count, found_ids, found_times, earliest, latest
      FROM (
      SELECT k.payment_id, k.payment_created_at FROM payment_search_keys k WHERE k.merchant_id = "merchant" AND k.bill_reference = "q"
      UNION ALL
      SELECT k.payment_id, k.payment_created_at FROM payment_search_keys k WHERE k.merchant_id = "merchant" AND k.provider_reference = "q"
      UNION ALL
      SELECT k.payment_id, k.payment_created_at FROM payment_search_keys k WHERE k.merchant_id = "merchant" AND k.provider_reference = "q_upper"
      UNION ALL
      SELECT k.payment_id, k.payment_created_at FROM payment_search_keys k
       WHERE k.merchant_id = "merchant" AND k.payer_phone_reversed ~>=~ "phone_from" AND k.payer_phone_reversed ~<~ "phone_to"
      LIMIT 201) f;
    -- Counted before a payment found two ways is taken once: 201 found means more may be.
    IF found_count <= 200 THEN
      RETURN QUERY SELECT x.* FROM (SELECT DISTINCT * FROM unnest(found_ids, found_times)) AS f(id, created_at)
        CROSS JOIN LATERAL (
          SELECT p.* FROM payments p
           WHERE p.id = f.id AND p.created_at = f.created_at AND p.merchant_id = "merchant" AND p.created_at BETWEEN earliest AND latest
           LIMIT 1) x;
      RETURN;
    END IF;
    RETURN QUERY SELECT x.* FROM payments x
      WHERE x.merchant_id = "merchant"
        AND (x.bill_reference = "q" OR x.provider_reference = "q" OR x.provider_reference = "q_upper"
             OR (x.payer_phone_reversed ~>=~ "phone_from" AND x.payer_phone_reversed ~<~ "phone_to"));
    RETURN;
  END IF;
  RETURN QUERY SELECT x.* FROM payments x
    WHERE x.merchant_id = "merchant" AND (x.bill_reference = "q" OR x.provider_reference = "q" OR x.payer_name ILIKE "name_like");
END;
$$;
