-- The search box's function (migration 0038) reads up to 16 payments found by their keys one by
-- one, each in a statement that starts its own month alone, instead of joining them against every
-- month between the first and the last found. At 10M payments (docs/scaling.md, "Read by key, one
-- by one"): a receipt 296-321 µs of PostgreSQL CPU a search against 329-345 through the join, a
-- bill reference's nine payments over the year 382-497 against 421-461. Past 16 found, and for a
-- name, the function is 0038's, whose comment says why it reads as it does.
CREATE OR REPLACE FUNCTION "merchant_search_payments"("merchant" uuid, "q" text, "q_upper" text, "phone_from" text, "phone_to" text, "name_like" text)
RETURNS SETOF "payments" LANGUAGE plpgsql STABLE ROWS 20
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  found_count int;
  found_ids uuid[];
  found_times timestamptz[];
  earliest timestamptz;
  latest timestamptz;
BEGIN
  IF "name_like" IS NULL THEN
    SELECT count(*), array_agg(f.payment_id), array_agg(f.payment_created_at), min(f.payment_created_at), max(f.payment_created_at)
      INTO found_count, found_ids, found_times, earliest, latest
      FROM (
      SELECT k.payment_id, k.payment_created_at FROM payment_search_keys k WHERE k.merchant_id = "merchant" AND k.bill_reference = "q"
      UNION ALL
      SELECT k.payment_id, k.payment_created_at FROM payment_search_keys k WHERE k.merchant_id = "merchant" AND k.provider_reference = "q"
      UNION ALL
      SELECT k.payment_id, k.payment_created_at FROM payment_search_keys k WHERE k.merchant_id = "merchant" AND k.provider_reference = "q_upper"
      UNION ALL
      SELECT k.payment_id, k.payment_created_at FROM payment_search_keys k
       WHERE k.merchant_id = "merchant" AND k.payer_phone_reversed ~>=~ "phone_from" AND k.payer_phone_reversed ~<~ "phone_to"
      LIMIT 201) f;
    -- Up to 16 found (a receipt, a bill reference's payments over the year, an occasional payer):
    -- each read by its key, one statement that starts its month alone. A payment found two ways
    -- (its phone and its bill reference) is read once.
    IF found_count <= 16 THEN
      FOR i IN 1..found_count LOOP
        CONTINUE WHEN i > 1 AND found_ids[i] = ANY(found_ids[1:i - 1]);
        RETURN QUERY SELECT p.* FROM payments p
          WHERE p.id = found_ids[i] AND p.created_at = found_times[i] AND p.merchant_id = "merchant";
      END LOOP;
      RETURN;
    END IF;
    -- Counted before a payment found two ways is taken once: 201 found means more may be.
    IF found_count <= 200 THEN
      RETURN QUERY SELECT x.* FROM (SELECT DISTINCT * FROM unnest(found_ids, found_times)) AS f(id, created_at)
        CROSS JOIN LATERAL (
          SELECT p.* FROM payments p
           WHERE p.id = f.id AND p.created_at = f.created_at AND p.merchant_id = "merchant" AND p.created_at BETWEEN earliest AND latest
           LIMIT 1) x;
      RETURN;
    END IF;
    RETURN QUERY SELECT x.* FROM payments x
      WHERE x.merchant_id = "merchant"
        AND (x.bill_reference = "q" OR x.provider_reference = "q" OR x.provider_reference = "q_upper"
             OR (x.payer_phone_reversed ~>=~ "phone_from" AND x.payer_phone_reversed ~<~ "phone_to"));
    RETURN;
  END IF;
  RETURN QUERY SELECT x.* FROM payments x
    WHERE x.merchant_id = "merchant" AND (x.bill_reference = "q" OR x.provider_reference = "q" OR x.payer_name ILIKE "name_like");
END;
$$;
