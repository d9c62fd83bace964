/**
 * Bench data: one merchant's customers and bills, made in SQL with generate_series so that a
 * million bills take seconds, not the hours a million API calls would.
 */
import { sql } from 'drizzle-orm';
import { collectionAccountId } from '@/lib/accounts/provision';
import { db, type Queryable } from '@/lib/platform/db';

export interface SeedOptions {
  customers?: number;
  batchSize?: number;
  /** Batches inserted at once, each on its own connection. */
  parallel?: number;
  /** Give 9 bills in 10 their INVOICE account, as provisionInvoiceVa (default true) would. */
  invoiceAccounts?: boolean;
}

/**
 * The account number for a 9-digit body from the sequence: the body and its Luhn check digit
 * (the rule of lib/accounts/account-number.ts), in integer arithmetic so a million cost little.
 */
function accountNumberOf(body: string) {
  const terms = Array.from({ length: 9 }, (_, position) => {
    const digit = `((${body} / ${10 ** position}) % 10)`;
    return position % 2 === 0 ? `(${digit} * 2 - (${digit} >= 5)::int * 9)` : digit;
  });
  return sql.raw(`${body}::text || ((10 - (${terms.join(' + ')}) % 10) % 10)::text`);
}

async function seedCustomers(merchantId: string, count: number) {
  await db().execute(sql`
    insert into customers (merchant_id, external_ref, display_name, email, phone, created_at)
    select ${merchantId}, 'BENCH-C' || n, 'Customer ' || n, 'customer' || n || '@bench.example',
           '2547' || lpad(n::text, 8, '0'), now() - make_interval(secs => n * 60)
      from generate_series(1, ${count}) as n`);
}

/**
 * Bills n = from..to, one second apart going back in time. Statuses are mixed the way a busy
 * merchant's are: mostly OPEN, some paid, cancelled or partly paid, and a share that lapse a day
 * after creation (so EXPIRED is read from expiresAt on most of them).
 */
async function seedBillBatch(tx: Queryable, batch: Batch) {
  const { merchantId, from, to, collectionId, invoiceAccounts, newId } = batch;
  const accountNumber = accountNumberOf('account_body');
  await tx.execute(sql`
    with customer_ids as (select coalesce(array_agg(id), '{}') as ids from customers where merchant_id = ${merchantId}),
    source as (
      select n, ${newId} as bill_id,
             case when ${invoiceAccounts} and n % 10 <> 9 then ${newId} end as account_id,
             'BENCH-' || lpad(n::text, 7, '0') as reference,
             case when n % 50 = 3 then 'EXPIRED' when n % 10 = 0 then 'PAID' when n % 10 = 1 then 'CANCELLED'
                  when n % 10 = 2 then 'PARTIALLY_PAID' else 'OPEN' end as status,
             date_trunc('milliseconds', now()) - make_interval(secs => n) as created_at,
             case when n % 4 = 0 and cardinality(ids) > 0 then ids[1 + n % cardinality(ids)] end as customer_id
        from generate_series(${from}::int, ${to}::int) as n, customer_ids
    ),
    timed as (
      select *, created_at + case when n % 10 = 3 or status = 'EXPIRED' then interval '1 day' else interval '30 days' end as expires_at,
             case when account_id is not null then nextval('virtual_account_number_seq') end as account_body
        from source
    ),
    accounts as (
      insert into virtual_accounts (id, merchant_id, owner_type, owner_id, purpose, account_number, account_name,
                                    account_type, status, currency, collection_account_id, expire_at, created_at)
      select account_id, ${merchantId}, 'EXPECTED_PAYMENT', bill_id, 'INVOICE', ${accountNumber}, 'Bench Merchant – ' || reference,
             'ONE_TIME', case when status in ('OPEN', 'PARTIALLY_PAID') then 'ACTIVE' else 'CLOSED' end, 'KES', ${collectionId},
             expires_at, created_at
        from timed where account_id is not null
    )
    insert into expected_payments (id, merchant_id, customer_id, payment_reference, amount, currency, status, expires_at,
                                   virtual_account_id, cancelled_at, created_at)
    select bill_id, ${merchantId}, customer_id, reference, (100 + n % 9900) + 0.5, 'KES', status, expires_at,
           account_id, case when status = 'CANCELLED' then created_at end, created_at
      from timed`);
}

interface Batch {
  merchantId: string;
  from: number;
  to: number;
  collectionId: string;
  invoiceAccounts: boolean;
  newId: ReturnType<typeof sql>;
}

/**
 * Like pg_restore --disable-triggers: as a superuser, skip the per-row foreign-key triggers, which
 * cost about as much as the rows themselves; every reference made here is to a row that exists.
 * Time-ordered ids (PostgreSQL 18's uuidv7) keep primary-key inserts at the right edge of the index.
 */
async function bulkLoadSettings() {
  const { rows } = await db().execute<{ superuser: boolean; uuidv7: boolean }>(
    sql`select current_setting('is_superuser') = 'on' as superuser, to_regproc('uuidv7') is not null as uuidv7`,
  );
  return { skipTriggers: rows[0]!.superuser, newId: sql.raw(rows[0]!.uuidv7 ? 'uuidv7()' : 'gen_random_uuid()') };
}

export async function seedBills(merchantId: string, count = 1_000_000, options: SeedOptions = {}) {
  const { customers = 10_000, batchSize = 50_000, parallel = 2, invoiceAccounts = true } = options;
  const started = performance.now();
  const { skipTriggers, newId } = await bulkLoadSettings();
  await seedCustomers(merchantId, customers);
  const collectionId = await collectionAccountId(db(), 'KES');
  const batches: Batch[] = [];
  for (let from = 1; from <= count; from += batchSize) {
    batches.push({ merchantId, from, to: Math.min(from + batchSize - 1, count), collectionId, invoiceAccounts, newId });
  }
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      await db().transaction(async (tx) => {
        if (skipTriggers) await tx.execute(sql`set local session_replication_role = replica`);
        await seedBillBatch(tx, batch);
      });
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  // Fresh statistics, so that the planner knows this merchant owns most rows.
  await db().execute(sql`analyze customers, expected_payments, virtual_accounts`);
  return { customers, bills: count, seconds: Math.round((performance.now() - started) / 100) / 10 };
}
