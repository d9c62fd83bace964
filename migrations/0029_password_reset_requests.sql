-- 0029_password_reset_requests: "Forgot password?" requests, kept only to throttle them per email
-- and per address (docs/security.md, "Forgot password"). Whether the email belongs to anyone is not
-- recorded: the table says nothing an attacker could not have typed.
CREATE TABLE "password_reset_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"requested_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "password_reset_requests_email_idx" ON "password_reset_requests" USING btree ("email","requested_at");
--> statement-breakpoint
CREATE INDEX "password_reset_requests_address_idx" ON "password_reset_requests" USING btree ("address","requested_at");
