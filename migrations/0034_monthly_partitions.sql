-- 0034_monthly_partitions: the history that grows for years (payments, balance_entries, events,
-- webhook_attempts) is partitioned by month on the time the service itself wrote the row
-- (created_at, attempted_at: our clock, never a rail's), range partitions on UTC month boundaries
-- (docs/scaling.md, "Partitioning"). Old months can then be detached, archived or dropped whole,
-- vacuum and index builds work a month at a time, and the indexes that take every insert stay the
-- size of one month.
--
-- A partitioned table's primary and unique keys must include the partition key: each `id` key
-- becomes (id, <time>) (ids are random uuids, unique on their own; the time only satisfies the rule).
-- What that cost, decided here:
--   * payments (rail, provider_reference) can no longer be unique on payments: exactly once has been
--     decided by rail_references' primary key since migration 0019 (claimed in the same statement as
--     the payment); payments keeps a plain index on the pair for look-ups, and ledger:check reports a
--     reference held by two payments.
--   * webhook_deliveries.event_id no longer references events(id) (a foreign key must name the whole
--     key (id, created_at)): the delivery is written in the event's own statement (lib/webhooks/
--     fan-out.ts) and events are never deleted; ledger:check reports a delivery without its event.
--   * webhook_attempts.delivery_id still references webhook_deliveries (a partitioned table may
--     reference a plain one).
-- Nothing else references these tables (payments, balance_entries and events carry no foreign keys:
-- see lib/ledger/check.ts).
--
-- Each table gets a DEFAULT partition: a row of a month with no partition yet (the partition job
-- stopped for months, a clock far off) is kept, never refused: money received is recorded first.
-- The job moves such rows into their month's partition when it creates it.
--
-- Month partitions are made by create_monthly_partition(table, month), the same function the
-- `partitions:extend` job (lib/platform/db/partitions.ts) calls, months ahead. A new partition takes
-- the storage options of its table's default partition: that is how payments' fillfactor 50
-- (migration 0025: room for settlement's HOT update) reaches every month.
-- Time-ordered ids (UUIDv7, RFC 9562): the first 48 bits are the Unix time in milliseconds, the
-- rest random. New rows of the four partitioned tables take one (lib/platform/db/ids.ts makes the
-- same in JS, for payments whose id is chosen before they are written), so that a row looked up by
-- id alone is looked up in the month partitions of its id's time only (docs/scaling.md,
-- "Partitioning", "Lookups by id"). A plain SQL function, not PostgreSQL 18's uuidv7(): the service
-- supports PostgreSQL 15 too. `at` lets a seed or an import give a row written in the past an id of
-- its own time.
-- The copy below builds every index of the four tables anew (at 10M payments, 14 of payments'
-- alone): with more sort memory than the default 64MB each build sorts in memory rather than in
-- temporary files. For this migration's transaction only (docs/scaling.md, "Running the migration").
SET LOCAL maintenance_work_mem = '512MB';
--> statement-breakpoint
CREATE FUNCTION "uuid_v7"("at" timestamptz DEFAULT clock_timestamp()) RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
                                        PLACING substring(int8send(floor(extract(epoch FROM "at") * 1000)::bigint) FROM 3)
                                        FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$$;
--> statement-breakpoint
-- The window of `created_at` (or `attempted_at`) a row with this id was written in: the id's time
-- a day either side. A day, not less: an id made in the database is the statement's clock while
-- created_at = now() is its transaction's start, one made in JS is the app's clock while a
-- partition key may be the database's, and a webhook attempt's id is written after its request
-- timed out; none is near a day, and a wider window only costs a second partition's probe near a
-- month's end. An id that is not v7 (every id made before this migration: random v4) has no time:
-- its window is unbounded and its lookup probes every partition, as before.
-- IMMUTABLE and in SQL so that the planner folds it: with the id known when planning (a literal,
-- or a custom plan of a parameter) the partitions are pruned at plan time, with a generic plan's
-- parameter at executor start (tests/partitioning/lookups.test.ts reads both plans).
CREATE FUNCTION "id_created_after"("id" uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN substr("id"::text, 15, 1) = '7'
              THEN to_timestamp((('x' || substr(replace("id"::text, '-', ''), 1, 12))::bit(48)::bigint - 86400000) / 1000.0)
              ELSE '-infinity'::timestamptz END
$$;
--> statement-breakpoint
CREATE FUNCTION "id_created_before"("id" uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN substr("id"::text, 15, 1) = '7'
              THEN to_timestamp((('x' || substr(replace("id"::text, '-', ''), 1, 12))::bit(48)::bigint + 86400000) / 1000.0)
              ELSE 'infinity'::timestamptz END
$$;
--> statement-breakpoint
CREATE FUNCTION "create_monthly_partition"("parent" regclass, "month" date) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  schema_name text;
  table_name text;
  partition_name text;
  key_column text;
  default_partition regclass;
  storage text;
  starts timestamptz := date_trunc('month', "month"::timestamp) AT TIME ZONE 'UTC';
  ends timestamptz := (date_trunc('month', "month"::timestamp) + interval '1 month') AT TIME ZONE 'UTC';
BEGIN
  SELECT n.nspname, c.relname INTO schema_name, table_name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = "parent";
  partition_name := table_name || '_p' || to_char("month", 'YYYY_MM');
  -- Instances' jobs and a migration at once: one of them creates it, the others find it made.
  PERFORM pg_advisory_xact_lock(hashtext('create_monthly_partition'), hashtext(schema_name || '.' || partition_name));
  IF to_regclass(format('%I.%I', schema_name, partition_name)) IS NOT NULL THEN
    RETURN false;
  END IF;
  SELECT a.attname INTO key_column
    FROM pg_partitioned_table p JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
   WHERE p.partrelid = "parent";
  SELECT i.inhrelid::regclass, array_to_string(c.reloptions, ', ') INTO default_partition, storage
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
   WHERE i.inhparent = "parent" AND pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT';
  -- Made apart and attached, not CREATE … PARTITION OF: ATTACH takes only a SHARE UPDATE EXCLUSIVE
  -- lock on the table, so payments keep being written meanwhile.
  EXECUTE format('CREATE TABLE %I.%I (LIKE %s INCLUDING DEFAULTS INCLUDING CONSTRAINTS)%s',
                 schema_name, partition_name, "parent", CASE WHEN storage IS NULL THEN '' ELSE format(' WITH (%s)', storage) END);
  IF default_partition IS NOT NULL THEN
    EXECUTE format('WITH moved AS (DELETE FROM %s WHERE %I >= $1 AND %I < $2 RETURNING *) INSERT INTO %I.%I SELECT * FROM moved',
                   default_partition, key_column, key_column, schema_name, partition_name) USING starts, ends;
  END IF;
  EXECUTE format('ALTER TABLE %s ATTACH PARTITION %I.%I FOR VALUES FROM (%L) TO (%L)', "parent", schema_name, partition_name, starts, ends);
  RETURN true;
END;
$$;
--> statement-breakpoint
-- Used by this migration only: the table renamed aside, its partitioned successor with a default
-- partition and one partition per month from its oldest row's to `months_ahead` after this one, the
-- rows copied (no trigger fires: the new table has none yet). Keys, indexes and triggers follow.
CREATE FUNCTION "partition_by_month_0034"("table_name" text, "key_column" text, "storage" text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  aside text := "table_name" || '_before_0034';
  oldest date;
  this_month date := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
  month date;
BEGIN
  EXECUTE format('ALTER TABLE %I RENAME TO %I', "table_name", aside);
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING ALL EXCLUDING INDEXES) PARTITION BY RANGE (%I)', "table_name", aside, "key_column");
  EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT%s', "table_name" || '_default', "table_name",
                 CASE WHEN "storage" IS NULL THEN '' ELSE format(' WITH (%s)', "storage") END);
  EXECUTE format('SELECT date_trunc(''month'', min(%I) AT TIME ZONE ''UTC'')::date FROM %I', "key_column", aside) INTO oldest;
  FOR month IN SELECT generate_series(least(coalesce(oldest, this_month), this_month), this_month + 3 * interval '1 month', interval '1 month')::date LOOP
    PERFORM create_monthly_partition("table_name"::regclass, month);
  END LOOP;
  EXECUTE format('INSERT INTO %I SELECT * FROM %I', "table_name", aside);
END;
$$;
--> statement-breakpoint
SELECT "partition_by_month_0034"('payments', 'created_at', 'fillfactor = 50');
--> statement-breakpoint
SELECT "partition_by_month_0034"('balance_entries', 'created_at', NULL);
--> statement-breakpoint
SELECT "partition_by_month_0034"('events', 'created_at', NULL);
--> statement-breakpoint
SELECT "partition_by_month_0034"('webhook_attempts', 'attempted_at', NULL);
--> statement-breakpoint
DROP FUNCTION "partition_by_month_0034"(text, text, text);
--> statement-breakpoint
ALTER SEQUENCE "balance_entries_sequence_seq" OWNED BY "balance_entries"."sequence";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_id_events_id_fk";
--> statement-breakpoint
-- rail_references (the exactly-once claim of every rail reference, migration 0019) keeps its
-- payment's partition key, `created_at`: a lookup by reference (a duplicate confirmation, a rail's
-- reversal result, the operator's receipt search) reads the claim, then the one month partition of
-- its payment, instead of every month's index (docs/scaling.md, "Partitioning", "Reads by rail
-- reference"). NULL while the reference is held in suspense (no payment yet); resolving the suspense
-- row into a payment sets it (lib/payments/record-payment.ts). Rebuilt, not updated in place: every
-- row would otherwise be rewritten with a new index entry (10M rows: the copy is several times faster).
ALTER TABLE "rail_references" RENAME TO "rail_references_before_0034";
--> statement-breakpoint
ALTER TABLE "rail_references_before_0034" RENAME CONSTRAINT "rail_references_pkey" TO "rail_references_before_0034_pkey";
--> statement-breakpoint
CREATE TABLE "rail_references" (
	"rail" text NOT NULL,
	"provider_reference" text NOT NULL,
	"created_at" timestamptz
);
--> statement-breakpoint
INSERT INTO "rail_references" ("rail", "provider_reference", "created_at")
SELECT r."rail", r."provider_reference", p."created_at"
  FROM "rail_references_before_0034" r LEFT JOIN "payments_before_0034" p USING ("rail", "provider_reference");
--> statement-breakpoint
DROP TABLE "rail_references_before_0034";
--> statement-breakpoint
ALTER TABLE "rail_references" ADD CONSTRAINT "rail_references_pkey" PRIMARY KEY ("rail", "provider_reference");
--> statement-breakpoint
-- The settlement queue (migration 0025) keeps its payment's partition key too, `payment_created_at`:
-- settlement joins the queue to its payments on (id, created_at), the payments' key, so each queued
-- payment is read in its own month partition, old random ids included (docs/scaling.md,
-- "Partitioning", "Joins by id"). Rebuilt as rail_references is, for the same reason.
ALTER TABLE "unsettled_payments" RENAME TO "unsettled_payments_before_0034";
--> statement-breakpoint
ALTER TABLE "unsettled_payments_before_0034" RENAME CONSTRAINT "unsettled_payments_pkey" TO "unsettled_payments_before_0034_pkey";
--> statement-breakpoint
ALTER INDEX "unsettled_payments_due_idx" RENAME TO "unsettled_payments_before_0034_due_idx";
--> statement-breakpoint
CREATE TABLE "unsettled_payments" (
	"payment_id" uuid NOT NULL,
	"payment_created_at" timestamptz NOT NULL,
	"merchant_id" uuid NOT NULL,
	"currency" char(3) NOT NULL,
	"received_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
INSERT INTO "unsettled_payments" ("payment_id", "payment_created_at", "merchant_id", "currency", "received_at")
SELECT q."payment_id", p."created_at", q."merchant_id", q."currency", q."received_at"
  FROM "unsettled_payments_before_0034" q JOIN "payments_before_0034" p ON p."id" = q."payment_id";
--> statement-breakpoint
DROP TABLE "unsettled_payments_before_0034";
--> statement-breakpoint
ALTER TABLE "unsettled_payments" ADD CONSTRAINT "unsettled_payments_pkey" PRIMARY KEY ("payment_id");
--> statement-breakpoint
CREATE INDEX "unsettled_payments_due_idx" ON "unsettled_payments" USING btree ("merchant_id", "currency", "received_at");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payments_queue_unsettled"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "unsettled_payments" ("payment_id", "payment_created_at", "merchant_id", "currency", "received_at")
  SELECT "id", "created_at", "merchant_id", "currency", "received_at" FROM "recorded" WHERE "settlement_id" IS NULL AND "status" <> 'REVERSED';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TABLE "payments_before_0034";
--> statement-breakpoint
DROP TABLE "balance_entries_before_0034";
--> statement-breakpoint
DROP TABLE "events_before_0034";
--> statement-breakpoint
DROP TABLE "webhook_attempts_before_0034";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pkey" PRIMARY KEY ("id", "created_at");
--> statement-breakpoint
CREATE INDEX "payments_rail_reference_idx" ON "payments" USING btree ("rail", "provider_reference");
--> statement-breakpoint
CREATE INDEX "payments_account_created_idx" ON "payments" USING btree ("virtual_account_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "payments_bill_idx" ON "payments" USING btree ("expected_payment_id");
--> statement-breakpoint
CREATE INDEX "payments_bill_reference_idx" ON "payments" USING btree ("bill_reference", "created_at" DESC) WHERE "bill_reference" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "payments_customer_created_idx" ON "payments" USING btree ("customer_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "payments_merchant_attention_idx" ON "payments" USING btree ("merchant_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE "match_status" = 'NEEDS_ATTENTION' AND "attention_resolved_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "payments_merchant_bill_reference_idx" ON "payments" USING btree ("merchant_id", "bill_reference");
--> statement-breakpoint
CREATE INDEX "payments_merchant_created_idx" ON "payments" USING btree ("merchant_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "payments_merchant_phone_idx" ON "payments" USING btree ("merchant_id", "payer_phone_reversed" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "payments_merchant_received_idx" ON "payments" USING btree ("merchant_id", "received_at");
--> statement-breakpoint
CREATE INDEX "payments_merchant_reference_idx" ON "payments" USING btree ("merchant_id", "provider_reference");
--> statement-breakpoint
CREATE INDEX "payments_payer_name_trgm_idx" ON "payments" USING gin ("payer_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "payments_phone_reversed_idx" ON "payments" USING btree ("payer_phone_reversed" text_pattern_ops) WHERE "payer_phone_reversed" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "payments_sub_merchant_created_idx" ON "payments" USING btree ("sub_merchant_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
-- Statement triggers with transition tables are allowed on the partitioned table itself (not on a
-- partition), and see every row of the statement whatever partition it went to.
CREATE TRIGGER "payments_queue_receipts" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "messages_queue_receipts"();
--> statement-breakpoint
CREATE TRIGGER "payments_queue_unsettled" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS "recorded" FOR EACH STATEMENT EXECUTE FUNCTION "payments_queue_unsettled"();
--> statement-breakpoint
CREATE TRIGGER "payments_unqueue_reversed" AFTER UPDATE OF "status" ON "payments" FOR EACH ROW WHEN (NEW."status" = 'REVERSED') EXECUTE FUNCTION "payments_unqueue_reversed"();
--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_pkey" PRIMARY KEY ("id", "created_at");
--> statement-breakpoint
CREATE INDEX "balance_entries_account_created_idx" ON "balance_entries" USING btree ("virtual_account_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "balance_entries_account_sequence_idx" ON "balance_entries" USING btree ("virtual_account_id", "sequence");
--> statement-breakpoint
CREATE INDEX "balance_entries_payment_idx" ON "balance_entries" USING btree ("payment_id");
--> statement-breakpoint
CREATE INDEX "balance_entries_settlement_idx" ON "balance_entries" USING btree ("settlement_id") WHERE "settlement_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_pkey" PRIMARY KEY ("id", "created_at");
--> statement-breakpoint
CREATE INDEX "events_merchant_created_idx" ON "events" USING btree ("merchant_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id", "attempted_at");
--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id", "attempted_at");
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id");
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "id" SET DEFAULT uuid_v7();
--> statement-breakpoint
ALTER TABLE "balance_entries" ALTER COLUMN "id" SET DEFAULT uuid_v7();
--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "id" SET DEFAULT uuid_v7();
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ALTER COLUMN "id" SET DEFAULT uuid_v7();
--> statement-breakpoint
-- The operator's search across merchants (lib/payments/search-across-merchants.ts): what the query
-- names in the plain tables first (a reference's claim with its payment's month, an account, a phone
-- prompt's payment), then each reading of it in payments, given those as values, newest first. A
-- function so that its statements keep GENERIC plans (SET plan_cache_mode): planned once per
-- connection, their months pruned from the values when each runs (a claim's or a prompt's month
-- only); left to choose, PostgreSQL planned them anew on every search, over every month, which
-- cost several times what running them did. No parallel workers: a generic plan guesses a range
-- over unknown values to be thousands of rows and would start workers (tens of milliseconds) to read
-- the few a phone has. One round trip for the whole search.
CREATE FUNCTION "operator_search_payments"("q" text, "q_upper" text, "phone_from" text, "phone_to" text, "max_rows" int)
RETURNS SETOF "payments" LANGUAGE plpgsql STABLE ROWS 50
SET plan_cache_mode = force_generic_plan SET max_parallel_workers_per_gather = 0 AS $$
DECLARE
  claimed_1 timestamptz;
  claimed_2 timestamptz;
  claimed_3 timestamptz;
  account uuid;
  prompt uuid;
BEGIN
  SELECT (array_agg(c.created_at))[1], (array_agg(c.created_at))[2], (array_agg(c.created_at))[3] INTO claimed_1, claimed_2, claimed_3
    FROM rail_references c
   WHERE (c.rail, c.provider_reference) IN (('MPESA', "q"), ('MPESA', "q_upper"), ('BANK', "q")) AND c.created_at IS NOT NULL;
  SELECT a.id INTO account FROM virtual_accounts a WHERE a.account_number = "q";
  SELECT s.payment_id INTO prompt FROM stk_initiations s WHERE s.checkout_request_id = "q";
  RETURN QUERY
    SELECT p.* FROM (
      SELECT r.id, r.created_at FROM (
        (SELECT x.id, x.created_at FROM payments x
          WHERE (x.rail, x.provider_reference) IN (('MPESA', "q"), ('MPESA', "q_upper"), ('BANK', "q"))
            AND x.created_at IN (claimed_1, claimed_2, claimed_3))
        UNION
        (SELECT x.id, x.created_at FROM payments x WHERE x.bill_reference = "q" AND x.bill_reference IS NOT NULL
          ORDER BY x.created_at DESC LIMIT "max_rows")
        UNION
        (SELECT x.id, x.created_at FROM payments x WHERE account IS NOT NULL AND x.virtual_account_id = account
          ORDER BY x.created_at DESC, x.id DESC LIMIT "max_rows")
        UNION
        -- A range rather than LIKE: a generic plan cannot take a pattern's prefix to the index, a range it can.
        (SELECT x.id, x.created_at FROM payments x
          WHERE "phone_from" IS NOT NULL AND x.payer_phone_reversed IS NOT NULL
            AND x.payer_phone_reversed ~>=~ "phone_from" AND x.payer_phone_reversed ~<~ "phone_to"
          ORDER BY x.created_at DESC LIMIT "max_rows")
        UNION
        (SELECT x.id, x.created_at FROM payments x
          WHERE x.id = prompt AND x.created_at BETWEEN id_created_after(prompt) AND id_created_before(prompt))
      ) r
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT "max_rows"
    ) found
    JOIN payments p ON p.id = found.id AND p.created_at = found.created_at
    ORDER BY p.created_at DESC, p.id DESC;
END;
$$;
--> statement-breakpoint
ANALYZE "payments", "balance_entries", "events", "webhook_attempts", "rail_references", "unsettled_payments";
