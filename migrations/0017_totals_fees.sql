-- 0017_totals_fees: reserved; filled in by its issue's work (a no-op until then)
SELECT 1;
