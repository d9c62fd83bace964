-- 0011_shared_settings: placeholder, filled in by its change
SELECT 1;
