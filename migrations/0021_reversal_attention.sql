-- 0021_reversal_attention: a reversal whose rail result does not match the payment (M-Pesa reports
-- reversing another amount) is neither confirmed nor failed: it stays REQUESTED, the payment
-- REVERSAL_PENDING, and this sentence says why an operator must reconcile it with the rail.
-- The hourly sweep leaves such a reversal alone (docs/reconciliation.md, "Reversals and returns").
ALTER TABLE "payment_reversals" ADD COLUMN "attention" text;
