-- The operator's search (lib/payments/search-across-merchants.ts) runs only the readings the query
-- can mean, each returning whole rows, instead of one statement whose every reading and final join
-- over the month partitions was started on every search (docs/scaling.md, "The operator's search").
-- A generic plan's executor starts every partition it cannot prune from the values (each index
-- opened and locked): the old statement started 17 months for the bill reference, for the final
-- join by (id, created_at), and for the phone even when none was asked, and took 83 locks a search
-- (18 of them past PostgreSQL's per-backend fast path, in the shared lock table that concurrent
-- searches contend on); this one takes 44 for a receipt and 56 for a phone, all on the fast path.
-- Its rows may repeat a payment found two ways and are not limited as a whole: the caller takes
-- each once, newest first, max_rows at most.
CREATE OR REPLACE FUNCTION "operator_search_payments"("q" text, "q_upper" text, "phone_from" text, "phone_to" text, "max_rows" int)
RETURNS SETOF "payments" LANGUAGE plpgsql STABLE ROWS 50
SET plan_cache_mode = force_generic_plan SET max_parallel_workers_per_gather = 0 AS $$
DECLARE
  claimed_1 timestamptz;
  claimed_2 timestamptz;
  claimed_3 timestamptz;
  account uuid;
  prompt uuid;
BEGIN
  -- A receipt or bank reference: its claim names its payment's month, so one partition is read.
  SELECT (array_agg(c.created_at))[1], (array_agg(c.created_at))[2], (array_agg(c.created_at))[3] INTO claimed_1, claimed_2, claimed_3
    FROM rail_references c
   WHERE (c.rail, c.provider_reference) IN (('MPESA', "q"), ('MPESA', "q_upper"), ('BANK', "q")) AND c.created_at IS NOT NULL;
  IF claimed_1 IS NOT NULL THEN
    RETURN QUERY SELECT x.* FROM payments x
      WHERE (x.rail, x.provider_reference) IN (('MPESA', "q"), ('MPESA', "q_upper"), ('BANK', "q"))
        AND x.created_at IN (claimed_1, claimed_2, claimed_3);
  END IF;
  -- Whatever a payer typed as the bill reference: no claim and no time, so every month, newest first.
  RETURN QUERY SELECT x.* FROM payments x WHERE x.bill_reference = "q" AND x.bill_reference IS NOT NULL
    ORDER BY x.created_at DESC LIMIT "max_rows";
  SELECT a.id INTO account FROM virtual_accounts a WHERE a.account_number = "q";
  IF account IS NOT NULL THEN
    RETURN QUERY SELECT x.* FROM payments x WHERE x.virtual_account_id = account
      ORDER BY x.created_at DESC, x.id DESC LIMIT "max_rows";
  END IF;
  IF "phone_from" IS NOT NULL THEN
    -- A range rather than LIKE: a generic plan cannot take a pattern's prefix to the index, a range it can.
    RETURN QUERY SELECT x.* FROM payments x
      WHERE x.payer_phone_reversed IS NOT NULL AND x.payer_phone_reversed ~>=~ "phone_from" AND x.payer_phone_reversed ~<~ "phone_to"
      ORDER BY x.created_at DESC LIMIT "max_rows";
  END IF;
  SELECT s.payment_id INTO prompt FROM stk_initiations s WHERE s.checkout_request_id = "q";
  IF prompt IS NOT NULL THEN
    RETURN QUERY SELECT x.* FROM payments x
      WHERE x.id = prompt AND x.created_at BETWEEN id_created_after(prompt) AND id_created_before(prompt);
  END IF;
END;
$$;
