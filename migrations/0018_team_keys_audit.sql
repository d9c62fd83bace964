-- 0018_team_keys_audit: reserved; filled in by its issue's work (a no-op until then)
SELECT 1;
