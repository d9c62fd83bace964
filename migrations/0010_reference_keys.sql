-- 0010_reference_keys: placeholder, filled in by its change
SELECT 1;
