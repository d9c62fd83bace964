-- 0033_session_user_copy: what the per-request check of a user's session needs of the user, kept on
-- the session's row, so that check reads one row of one table (sessions) instead of sessions ⋈ users
-- (issue 24: the second index scan and heap fetch cost PostgreSQL ~8-10 µs of every authenticated
-- request). Triggers keep the copy, so every writer (the app, an operator's SQL, a test's fixture)
-- keeps it right, and a user disabled, demoted, moved or made to enrol in two factors is refused
-- from the next request on, as before (docs/security.md, "Sessions"). API keys' sessions keep their
-- own join; their copy columns stay empty.
ALTER TABLE "sessions" ADD COLUMN "user_merchant_id" uuid;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_sub_merchant_id" uuid;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_role" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_email" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_first_name" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_last_name" text;
--> statement-breakpoint
-- False unless copied from an active user: a session whose copy is missing is refused, never let in.
ALTER TABLE "sessions" ADD COLUMN "user_active" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_must_enrol_mfa" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A session's copy taken from its user (on insert, and on any write of the copy or of what makes the
-- session live): whatever the writer put in these columns is replaced by the truth. The user's row
-- is locked FOR SHARE: a change of the user committed first is read here (READ COMMITTED re-reads the
-- newest version), and a change made after waits for this transaction, then finds this session.
CREATE FUNCTION "sessions_take_user"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  holder "users";
BEGIN
  IF NEW."user_id" IS NOT NULL THEN
    SELECT * INTO holder FROM "users" WHERE "id" = NEW."user_id" FOR SHARE;
  END IF;
  NEW."user_merchant_id" := holder."merchant_id";
  NEW."user_sub_merchant_id" := holder."sub_merchant_id";
  NEW."user_role" := holder."role";
  NEW."user_email" := holder."email";
  NEW."user_first_name" := holder."first_name";
  NEW."user_last_name" := holder."last_name";
  NEW."user_active" := coalesce(holder."active", false);
  NEW."user_must_enrol_mfa" := coalesce(holder."merchant_requires_mfa" AND NOT holder."totp_confirmed", false);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_user_copy_on_insert" BEFORE INSERT ON "sessions" FOR EACH ROW EXECUTE FUNCTION "sessions_take_user"();
--> statement-breakpoint
CREATE TRIGGER "sessions_user_copy_on_write" BEFORE UPDATE OF "user_id", "expires_at", "revoked_at", "user_merchant_id", "user_sub_merchant_id", "user_role", "user_email", "user_first_name", "user_last_name", "user_active", "user_must_enrol_mfa" ON "sessions" FOR EACH ROW WHEN (NEW."revoked_at" IS NULL) EXECUTE FUNCTION "sessions_take_user"();
--> statement-breakpoint
-- A user changed in anything the copy holds: its live sessions follow, in the same transaction. Only
-- under READ COMMITTED (every writer of users uses it): a REPEATABLE READ transaction's snapshot
-- could miss a session committed after it began, so such a change is refused rather than missed.
-- (SERIALIZABLE is safe: PostgreSQL aborts one of the two.)
CREATE FUNCTION "sessions_follow_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('transaction_isolation') = 'repeatable read' THEN
    RAISE EXCEPTION 'A user''s sessions copy the user (migration 0033): change users under READ COMMITTED or SERIALIZABLE, not REPEATABLE READ.';
  END IF;
  UPDATE "sessions" SET
    "user_merchant_id" = NEW."merchant_id",
    "user_sub_merchant_id" = NEW."sub_merchant_id",
    "user_role" = NEW."role",
    "user_email" = NEW."email",
    "user_first_name" = NEW."first_name",
    "user_last_name" = NEW."last_name",
    "user_active" = NEW."active",
    "user_must_enrol_mfa" = NEW."merchant_requires_mfa" AND NOT NEW."totp_confirmed"
   WHERE "user_id" = NEW."id" AND "revoked_at" IS NULL AND "expires_at" > now();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_to_sessions" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD."merchant_id" IS DISTINCT FROM NEW."merchant_id" OR OLD."sub_merchant_id" IS DISTINCT FROM NEW."sub_merchant_id"
     OR OLD."role" IS DISTINCT FROM NEW."role" OR OLD."email" IS DISTINCT FROM NEW."email"
     OR OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
     OR OLD."active" IS DISTINCT FROM NEW."active" OR OLD."merchant_requires_mfa" IS DISTINCT FROM NEW."merchant_requires_mfa"
     OR OLD."totp_confirmed" IS DISTINCT FROM NEW."totp_confirmed")
  EXECUTE FUNCTION "sessions_follow_user"();
--> statement-breakpoint
-- The live sessions of users as they are now (the write fires sessions_user_copy_on_write, which copies).
UPDATE "sessions" SET "user_id" = "user_id" WHERE "user_id" IS NOT NULL AND "revoked_at" IS NULL AND "expires_at" > now();
