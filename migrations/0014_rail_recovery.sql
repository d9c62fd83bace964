-- 0014_rail_recovery: M-Pesa payments whose confirmation never came are found and recorded
-- (docs/reconciliation.md, "Missed callbacks recovered").
-- The sandbox's simulated M-Pesa keeps its own list of paybill transactions, as Daraja does: every
-- simulated inbound payment, also those whose callback was dropped. Amounts as the provider
-- reports them (text), not ours to add up.
CREATE TABLE "sandbox_mpesa_transactions" (
  "transaction_id" text PRIMARY KEY NOT NULL,
  "merchant_id" uuid NOT NULL,
  "short_code" text NOT NULL,
  "trx_date" timestamp (3) with time zone NOT NULL,
  "msisdn" text NOT NULL,
  "sender" text NOT NULL,
  "transaction_type" text NOT NULL,
  "bill_reference" text NOT NULL,
  "amount" text NOT NULL,
  "organization_name" text NOT NULL,
  "callback" text NOT NULL,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "sandbox_mpesa_transactions_callback" CHECK ("callback" IN ('DELIVERED', 'DROPPED'))
);
--> statement-breakpoint
CREATE INDEX "sandbox_mpesa_transactions_date_idx" ON "sandbox_mpesa_transactions" ("short_code", "trx_date", "transaction_id");
--> statement-breakpoint
-- One row per recovery run: what it asked for and what it found. At most one RUNNING per rail and
-- source, so the job and an operator's command never work the same window at once.
CREATE TABLE "rail_recovery_runs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "rail" text DEFAULT 'MPESA' NOT NULL,
  "source" text NOT NULL,
  "trigger" text NOT NULL,
  "window_start" timestamp (3) with time zone NOT NULL,
  "window_end" timestamp (3) with time zone NOT NULL,
  "receipt" text,
  "status" text DEFAULT 'RUNNING' NOT NULL,
  "pages" integer DEFAULT 0 NOT NULL,
  "found" integer DEFAULT 0 NOT NULL,
  "recorded" integer DEFAULT 0 NOT NULL,
  "suspense" integer DEFAULT 0 NOT NULL,
  "duplicates" integer DEFAULT 0 NOT NULL,
  "status_queries" integer DEFAULT 0 NOT NULL,
  "errors" integer DEFAULT 0 NOT NULL,
  "error" text,
  "started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp (3) with time zone,
  CONSTRAINT "rail_recovery_runs_status" CHECK ("status" IN ('RUNNING', 'COMPLETED', 'FAILED')),
  CONSTRAINT "rail_recovery_runs_source" CHECK ("source" IN ('DARAJA', 'SANDBOX')),
  CONSTRAINT "rail_recovery_runs_trigger" CHECK ("trigger" IN ('JOB', 'CLI'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rail_recovery_runs_one_running" ON "rail_recovery_runs" ("rail", "source") WHERE "status" = 'RUNNING';
--> statement-breakpoint
CREATE INDEX "rail_recovery_runs_started_idx" ON "rail_recovery_runs" ("rail", "source", "started_at" DESC);
--> statement-breakpoint
-- Money recorded by recovery rather than by its callback: one row per rail reference, pointing at
-- the payment (or saying it went to suspense). A late callback finds the payment and is a duplicate.
CREATE TABLE "rail_recovered_payments" (
  "rail" text NOT NULL,
  "provider_reference" text NOT NULL,
  "run_id" uuid,
  "via" text NOT NULL,
  "outcome" text NOT NULL,
  "payment_id" uuid,
  "recovered_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "rail_recovered_payments_pkey" PRIMARY KEY ("rail", "provider_reference"),
  CONSTRAINT "rail_recovered_payments_via" CHECK ("via" IN ('PULL', 'STATUS', 'SANDBOX')),
  CONSTRAINT "rail_recovered_payments_outcome" CHECK ("outcome" IN ('RECORDED', 'SUSPENSE'))
);
--> statement-breakpoint
CREATE INDEX "rail_recovered_payments_payment_idx" ON "rail_recovered_payments" ("payment_id");
--> statement-breakpoint
-- Transaction Status queries sent to Daraja, waiting for (or holding) their asynchronous result.
CREATE TABLE "rail_status_queries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "rail" text DEFAULT 'MPESA' NOT NULL,
  "receipt" text NOT NULL,
  "run_id" uuid,
  "pulled" jsonb,
  "originator_conversation_id" text,
  "conversation_id" text,
  "status" text DEFAULT 'PENDING' NOT NULL,
  "result_code" text,
  "result_desc" text,
  "result" jsonb,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp (3) with time zone,
  CONSTRAINT "rail_status_queries_status" CHECK ("status" IN ('PENDING', 'RECORDED', 'SUSPENSE', 'DUPLICATE', 'NOT_COMPLETED', 'FAILED', 'TIMED_OUT'))
);
--> statement-breakpoint
CREATE INDEX "rail_status_queries_conversation_idx" ON "rail_status_queries" ("originator_conversation_id");
