-- 0024_mfa_state_on_users: the two facts the per-request session check needs to say "enrol in two
-- factors first" kept on the user's row, so that check reads sessions ⋈ users and not four tables
-- (issue 24: the policy and TOTP joins cost PostgreSQL ~6 µs of every authenticated request).
-- Triggers keep them, so every writer (the app, an operator's SQL, a test's fixture) keeps them
-- right; each column is written only from its own source row, so concurrent changes of a policy
-- and of a user's TOTP cannot leave a stale mix of the two (docs/security.md, "Two factors").
ALTER TABLE "users" ADD COLUMN "merchant_requires_mfa" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_confirmed" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "users" SET
  "merchant_requires_mfa" = coalesce((SELECT "p"."require_mfa" FROM "merchant_security_policies" "p" WHERE "p"."merchant_id" = "users"."merchant_id"), false),
  "totp_confirmed" = EXISTS (SELECT 1 FROM "user_totp" "t" WHERE "t"."user_id" = "users"."id" AND "t"."confirmed_at" IS NOT NULL);
--> statement-breakpoint
-- A policy written: every user of its merchant follows. The merchant's row is locked first, as a
-- new user's trigger locks it, so a user made while the policy changes reads the new one.
CREATE FUNCTION "users_follow_security_policy"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed "merchant_security_policies";
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM 1 FROM "merchants" WHERE "id" = changed."merchant_id" FOR NO KEY UPDATE;
  UPDATE "users" SET "merchant_requires_mfa" = (TG_OP <> 'DELETE' AND changed."require_mfa")
   WHERE "merchant_id" = changed."merchant_id"
     AND "merchant_requires_mfa" IS DISTINCT FROM (TG_OP <> 'DELETE' AND changed."require_mfa");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchant_security_policies_to_users" AFTER INSERT OR UPDATE OR DELETE ON "merchant_security_policies" FOR EACH ROW EXECUTE FUNCTION "users_follow_security_policy"();
--> statement-breakpoint
-- A TOTP enrolment made, confirmed, reset or removed: its user's row follows.
CREATE FUNCTION "users_follow_totp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "users" SET "totp_confirmed" = false WHERE "id" = OLD."user_id" AND "totp_confirmed";
  ELSE
    UPDATE "users" SET "totp_confirmed" = (NEW."confirmed_at" IS NOT NULL)
     WHERE "id" = NEW."user_id" AND "totp_confirmed" IS DISTINCT FROM (NEW."confirmed_at" IS NOT NULL);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_totp_to_users" AFTER INSERT OR UPDATE OF "confirmed_at", "user_id" OR DELETE ON "user_totp" FOR EACH ROW EXECUTE FUNCTION "users_follow_totp"();
--> statement-breakpoint
-- A user made (or moved to another merchant) takes its merchant's policy and its own TOTP state;
-- whatever the writer put in these two columns is replaced by the truth.
CREATE FUNCTION "users_take_mfa_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "merchants" WHERE "id" = NEW."merchant_id" FOR SHARE;
  NEW."merchant_requires_mfa" := coalesce((SELECT "require_mfa" FROM "merchant_security_policies" WHERE "merchant_id" = NEW."merchant_id"), false);
  NEW."totp_confirmed" := EXISTS (SELECT 1 FROM "user_totp" WHERE "user_id" = NEW."id" AND "confirmed_at" IS NOT NULL);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_mfa_state_on_insert" BEFORE INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "users_take_mfa_state"();
--> statement-breakpoint
CREATE TRIGGER "users_mfa_state_on_move" BEFORE UPDATE OF "merchant_id" ON "users" FOR EACH ROW WHEN (OLD."merchant_id" IS DISTINCT FROM NEW."merchant_id") EXECUTE FUNCTION "users_take_mfa_state"();
