-- 0018_team_keys_audit: merchant administrators, API keys, invitations and password resets, two
-- factors (TOTP) and the append-only audit log (docs/roles.md, docs/security.md).
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('MERCHANT_ADMIN', 'PLAIN_MERCHANT', 'SUPPORT'));
--> statement-breakpoint
-- An administrator runs the whole merchant's team, so it is never limited to one sub-merchant.
ALTER TABLE "users" ADD CONSTRAINT "users_admin_not_scoped" CHECK ("users"."role" <> 'MERCHANT_ADMIN' OR "users"."sub_merchant_id" IS NULL);
--> statement-breakpoint
-- Every merchant gets an administrator: its earliest active, unscoped PLAIN_MERCHANT user.
UPDATE "users" SET "role" = 'MERCHANT_ADMIN'
 WHERE "id" IN (
   SELECT DISTINCT ON ("merchant_id") "id" FROM "users"
    WHERE "role" = 'PLAIN_MERCHANT' AND "sub_merchant_id" IS NULL AND "active"
    ORDER BY "merchant_id", "created_at", "id")
   AND NOT EXISTS (SELECT 1 FROM "users" "admin" WHERE "admin"."merchant_id" = "users"."merchant_id" AND "admin"."role" = 'MERCHANT_ADMIN');
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL REFERENCES "merchants"("id"),
	"sub_merchant_id" uuid REFERENCES "sub_merchants"("id"),
	"name" text NOT NULL,
	"role" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" uuid REFERENCES "users"("id"),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	CONSTRAINT "api_keys_secret_hash_key" UNIQUE("secret_hash"),
	CONSTRAINT "api_keys_role_check" CHECK ("role" in ('PLAIN_MERCHANT', 'SUPPORT'))
);
--> statement-breakpoint
CREATE INDEX "api_keys_merchant_created_idx" ON "api_keys" ("merchant_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
-- A key's access tokens hang on a session row too, so the per-request check stays one query.
ALTER TABLE "sessions" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "api_key_id" uuid REFERENCES "api_keys"("id");
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_one_holder" CHECK (("user_id" IS NULL) <> ("api_key_id" IS NULL));
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL REFERENCES "merchants"("id"),
	"email" text NOT NULL,
	"role" text NOT NULL,
	"sub_merchant_id" uuid REFERENCES "sub_merchants"("id"),
	"token_hash" text NOT NULL,
	"invited_by" uuid REFERENCES "users"("id"),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"accepted_at" timestamp (3) with time zone,
	"accepted_user_id" uuid REFERENCES "users"("id"),
	"revoked_at" timestamp (3) with time zone,
	CONSTRAINT "invitations_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "invitations_role_check" CHECK ("role" in ('MERCHANT_ADMIN', 'PLAIN_MERCHANT', 'SUPPORT')),
	CONSTRAINT "invitations_admin_not_scoped" CHECK ("role" <> 'MERCHANT_ADMIN' OR "sub_merchant_id" IS NULL)
);
--> statement-breakpoint
CREATE INDEX "invitations_merchant_created_idx" ON "invitations" ("merchant_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"created_by" uuid REFERENCES "users"("id"),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" ("user_id");
--> statement-breakpoint
CREATE TABLE "user_totp" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"secret_ciphertext" text NOT NULL,
	"confirmed_at" timestamp (3) with time zone,
	"last_used_step" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_recovery_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mfa_recovery_codes_user_idx" ON "mfa_recovery_codes" ("user_id");
--> statement-breakpoint
CREATE TABLE "mfa_challenges" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_security_policies" (
	"merchant_id" uuid PRIMARY KEY NOT NULL REFERENCES "merchants"("id"),
	"require_mfa" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL REFERENCES "merchants"("id"),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"summary" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"address" text,
	"request_id" text,
	CONSTRAINT "audit_events_actor_type_check" CHECK ("actor_type" in ('user', 'api_key', 'anonymous', 'system'))
);
--> statement-breakpoint
CREATE INDEX "audit_events_merchant_created_idx" ON "audit_events" ("merchant_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "audit_events_merchant_action_idx" ON "audit_events" ("merchant_id", "action", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "audit_events_merchant_actor_idx" ON "audit_events" ("merchant_id", "actor_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "audit_events_merchant_target_idx" ON "audit_events" ("merchant_id", "target_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
-- Append-only for everyone, the owner and superusers included: triggers fire for them too.
CREATE FUNCTION "audit_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_events_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_refuse_change"();
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_events" FROM PUBLIC;
