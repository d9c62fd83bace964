-- 0026_operators: the provider's own staff (issue 26, docs/operator.md). Operators are users with
-- no merchant and a platform role; every read of a merchant's data and every change they make is
-- kept in an append-only platform audit log (and in the merchant's own audit log); pricing and a
-- used collection account change only when a second administrator approves (four eyes).
ALTER TABLE "users" ALTER COLUMN "merchant_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('MERCHANT_ADMIN', 'PLAIN_MERCHANT', 'SUPPORT', 'PLATFORM_ADMIN', 'PLATFORM_SUPPORT'));
--> statement-breakpoint
-- A platform role exactly when there is no merchant: an operator can never be a merchant's user too.
ALTER TABLE "users" ADD CONSTRAINT "users_platform_role_without_merchant" CHECK (("users"."role" in ('PLATFORM_ADMIN', 'PLATFORM_SUPPORT')) = ("users"."merchant_id" IS NULL) AND ("users"."merchant_id" IS NOT NULL OR "users"."sub_merchant_id" IS NULL));
--> statement-breakpoint
-- Operators must always enrol in two factors first: the per-request check reads
-- merchant_requires_mfa (0024), so a user without a merchant takes true, whatever any policy says.
CREATE OR REPLACE FUNCTION "users_take_mfa_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "merchants" WHERE "id" = NEW."merchant_id" FOR SHARE;
  NEW."merchant_requires_mfa" := NEW."merchant_id" IS NULL OR coalesce((SELECT "require_mfa" FROM "merchant_security_policies" WHERE "merchant_id" = NEW."merchant_id"), false);
  NEW."totp_confirmed" := EXISTS (SELECT 1 FROM "user_totp" WHERE "user_id" = NEW."id" AND "confirmed_at" IS NOT NULL);
  RETURN NEW;
END $$;
--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "merchant_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_role_check";
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role_check" CHECK ("invitations"."role" in ('MERCHANT_ADMIN', 'PLAIN_MERCHANT', 'SUPPORT', 'PLATFORM_ADMIN', 'PLATFORM_SUPPORT'));
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_platform_role_without_merchant" CHECK (("invitations"."role" in ('PLATFORM_ADMIN', 'PLATFORM_SUPPORT')) = ("invitations"."merchant_id" IS NULL) AND ("invitations"."merchant_id" IS NOT NULL OR "invitations"."sub_merchant_id" IS NULL));
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_actor_type_check";
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_type_check" CHECK ("audit_events"."actor_type" in ('user', 'api_key', 'anonymous', 'system', 'operator'));
--> statement-breakpoint
-- A disabled merchant keeps everything; its users cannot sign in and its accounts take no new money.
ALTER TABLE "merchants" ADD COLUMN "status" text DEFAULT 'ACTIVE' NOT NULL;
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "disabled_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "disabled_reason" text;
--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_status_check" CHECK ("merchants"."status" in ('ACTIVE', 'DISABLED'));
--> statement-breakpoint
-- The real bank account behind each currency (the made-up number stays only as the sandbox default).
ALTER TABLE "collection_accounts" ADD COLUMN "bank_name" text;
--> statement-breakpoint
ALTER TABLE "collection_accounts" ADD COLUMN "branch" text;
--> statement-breakpoint
ALTER TABLE "collection_accounts" ADD COLUMN "updated_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "collection_accounts" ADD COLUMN "updated_by" uuid REFERENCES "users"("id");
--> statement-breakpoint
CREATE TABLE "platform_audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"operator_id" uuid REFERENCES "users"("id"),
	"operator_label" text NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"merchant_ids" uuid[] DEFAULT '{}' NOT NULL,
	"target_type" text,
	"target_id" text,
	"summary" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"address" text,
	"request_id" text,
	CONSTRAINT "platform_audit_events_kind_check" CHECK ("kind" in ('read', 'change', 'account'))
);
--> statement-breakpoint
CREATE INDEX "platform_audit_events_created_idx" ON "platform_audit_events" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "platform_audit_events_operator_idx" ON "platform_audit_events" ("operator_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "platform_audit_events_merchants_idx" ON "platform_audit_events" USING gin ("merchant_ids");
--> statement-breakpoint
CREATE FUNCTION "platform_audit_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'platform_audit_events is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "platform_audit_events_no_update_delete" BEFORE UPDATE OR DELETE ON "platform_audit_events" FOR EACH ROW EXECUTE FUNCTION "platform_audit_events_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "platform_audit_events_no_truncate" BEFORE TRUNCATE ON "platform_audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "platform_audit_events_refuse_change"();
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "platform_audit_events" FROM PUBLIC;
--> statement-breakpoint
-- A change that waits for a second administrator: a merchant's pricing, or a collection account
-- that already received credits. The asker can never be the approver.
CREATE TABLE "operator_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" uuid REFERENCES "merchants"("id"),
	"currency" char(3) NOT NULL,
	"proposal" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"requested_by" uuid NOT NULL REFERENCES "users"("id"),
	"requested_by_label" text NOT NULL,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid REFERENCES "users"("id"),
	"decided_by_label" text,
	"decided_at" timestamp (3) with time zone,
	"decision_note" text,
	CONSTRAINT "operator_approvals_kind_check" CHECK ("kind" in ('PRICING', 'COLLECTION_ACCOUNT')),
	CONSTRAINT "operator_approvals_status_check" CHECK ("status" in ('PENDING', 'APPROVED', 'REJECTED')),
	CONSTRAINT "operator_approvals_merchant_of_kind" CHECK (("kind" = 'PRICING') = ("merchant_id" IS NOT NULL)),
	CONSTRAINT "operator_approvals_four_eyes" CHECK ("status" <> 'APPROVED' OR "decided_by" <> "requested_by"),
	CONSTRAINT "operator_approvals_decided" CHECK (("status" = 'PENDING') = ("decided_at" IS NULL))
);
--> statement-breakpoint
-- One pending change per merchant's currency (pricing) or per collection account's currency.
CREATE UNIQUE INDEX "operator_approvals_one_pending_idx" ON "operator_approvals" ("kind", coalesce("merchant_id", '00000000-0000-0000-0000-000000000000'::uuid), "currency") WHERE "status" = 'PENDING';
--> statement-breakpoint
CREATE INDEX "operator_approvals_status_idx" ON "operator_approvals" ("status", "requested_at" DESC, "id" DESC);
