-- 0013_payment_reversals: reserved; filled in by its issue's work (a no-op until then)
SELECT 1;
