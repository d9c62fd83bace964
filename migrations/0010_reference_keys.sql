-- 0010_reference_keys: bill references are unique per merchant in any letter case, and a payer's
-- reference is looked up only among one merchant's bills (docs/rails.md, "What a payer types").
--
-- Before this migration a merchant could hold bills whose references differ only in letter case
-- (INV-1 and inv-1). One of them keeps its reference: the oldest still awaiting money, else the
-- oldest. Each other gets "~2", "~3", ... appended, numbered in that same order: "~" is a character no
-- reference may contain, so the new text can collide with nothing, and a payer typing INV-1 now
-- reaches one bill only. Every bill keeps its id, amounts, payments and invoice account number.
UPDATE "expected_payments" AS "bill"
SET "payment_reference" = "bill"."payment_reference" || '~' || "ranked"."n"
FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY "merchant_id", translate("payment_reference", 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')
    ORDER BY ("status" IN ('OPEN', 'PARTIALLY_PAID')) DESC, "created_at", "id"
  ) AS "n"
  FROM "expected_payments"
) AS "ranked"
WHERE "ranked"."id" = "bill"."id" AND "ranked"."n" > 1;--> statement-breakpoint
-- translate() folds ASCII letters whatever the database's locale (upper() follows the locale);
-- references hold only ASCII letters, digits and . _ / - (lib/bills/schemas.ts).
ALTER TABLE "expected_payments" ADD COLUMN "reference_key" text GENERATED ALWAYS AS (translate("payment_reference", 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "expected_payments" DROP CONSTRAINT "expected_payments_merchant_reference_key";--> statement-breakpoint
CREATE UNIQUE INDEX "expected_payments_merchant_reference_key" ON "expected_payments" USING btree ("merchant_id","reference_key");--> statement-breakpoint
-- A bare reference is never searched across merchants any more.
DROP INDEX "expected_payments_reference_idx";
