-- 0019_one_rail_reference: one rail reference is one payment or one suspense row, never both
-- (docs/rails.md, "One reference, one record"). Each table was unique per (rail, reference) on its
-- own, so a reference held in suspense could still become a payment when a copy of it arrived to a
-- real account. Both paths now claim the reference here, in the same statement as their row: the
-- primary key lets exactly one of them have it, whatever the order or timing of the copies.
CREATE TABLE "rail_references" (
	"rail" text NOT NULL,
	"provider_reference" text NOT NULL,
	CONSTRAINT "rail_references_pkey" PRIMARY KEY ("rail", "provider_reference")
);
--> statement-breakpoint
-- Payments first: a reference that is already both keeps its payment's claim, and its suspense row
-- (left unclaimed) is listed by ledger:check ("a rail reference is a payment or held in suspense,
-- never both") and can be neither credited nor returned (lib/suspense/resolve.ts, return.ts).
INSERT INTO "rail_references" ("rail", "provider_reference")
SELECT "rail", "provider_reference" FROM "payments"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "rail_references" ("rail", "provider_reference")
SELECT "rail", "provider_reference" FROM "suspense_payments"
ON CONFLICT DO NOTHING;
