-- The time of every row that migration 0034 found with a random (v4) id, in the two partitioned
-- tables read by id (payments, events). A v4 id has no time, so a read by it probed every month's
-- index: 17 probes at 17 months kept, and under a transaction pooler (PgBouncer; every statement
-- planned anew) 6.3 ms of planning against well under a millisecond for a time-ordered id
-- (docs/scaling.md, "Old random ids after the migration"). id_created_after/before now look such an
-- id up here, so its read starts the one or two months of its window, as a v7 id's does.
--
-- The table is fixed: it is filled here, once, and nothing writes it after. Every row written
-- since 0034 has a time-ordered id (uuid_v7() defaults, timeOrderedId in the service), and an id
-- missing here keeps the unbounded window it had, which finds the row as before, only slower. That
-- is what makes it sound to declare legacy_id_time IMMUTABLE though it reads a table: the planner
-- folds it while planning (a literal, or a parameter's custom plan) and the executor evaluates it
-- once at start for a generic plan, both of which partition pruning needs; a row's time never
-- changes and a row found here is never written again.
CREATE TABLE "legacy_id_times" (
  "id" uuid PRIMARY KEY NOT NULL,
  "created_at" timestamptz NOT NULL
);
--> statement-breakpoint
-- Run by this migration; callable again (it adds what is missing and changes nothing found) should
-- an operator restore old rows from a dump into a database already migrated.
CREATE FUNCTION "record_legacy_id_times"() RETURNS bigint
LANGUAGE sql VOLATILE AS $$
  WITH recorded AS (
    INSERT INTO "legacy_id_times" ("id", "created_at")
    SELECT "id", "created_at" FROM "payments" WHERE substr("id"::text, 15, 1) <> '7'
    UNION ALL
    SELECT "id", "created_at" FROM "events" WHERE substr("id"::text, 15, 1) <> '7'
    ON CONFLICT ("id") DO NOTHING
    RETURNING 1
  )
  SELECT count(*) FROM recorded
$$;
--> statement-breakpoint
SELECT "record_legacy_id_times"();
--> statement-breakpoint
ANALYZE "legacy_id_times";
--> statement-breakpoint
-- Not inlined (it reads a table), so called only for an id that is not v7: id_created_after and
-- id_created_before stay inlinable SQL expressions, folded to constants for a v7 id as before.
CREATE FUNCTION "legacy_id_time"("id" uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT "created_at" FROM "legacy_id_times" WHERE "id" = "legacy_id_time"."id"
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "id_created_after"("id" uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN substr("id"::text, 15, 1) = '7'
              THEN to_timestamp((('x' || substr(replace("id"::text, '-', ''), 1, 12))::bit(48)::bigint - 86400000) / 1000.0)
              ELSE coalesce(legacy_id_time("id") - interval '1 day', '-infinity'::timestamptz) END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "id_created_before"("id" uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN substr("id"::text, 15, 1) = '7'
              THEN to_timestamp((('x' || substr(replace("id"::text, '-', ''), 1, 12))::bit(48)::bigint + 86400000) / 1000.0)
              ELSE coalesce(legacy_id_time("id") + interval '1 day', 'infinity'::timestamptz) END
$$;
