-- 0015_statement_imports: reserved; filled in by its issue's work (a no-op until then)
SELECT 1;
