/**
 * Bench data for the portal pages: a merchant with customers (each with its own account), bills,
 * a million payments into the customers' accounts, phone prompts, and a few payments made
 * through the API (ledger entries, a bill part-paid) so that the detail pages show every section.
 */
import { sql } from 'drizzle-orm';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { db } from '@/lib/platform/db';
import { seedBills } from './seed-bills';
import { seedPayments, type SeedAccount } from './seed-payments';
import type { Target } from './scenarios/target';

export interface PortalSeed {
  payments: number;
  bills: number;
  customers: number;
  prompts: number;
  /** A payment recorded through the API, paying `billId`: what a merchant opens from the list. */
  paymentId: string;
  billId: string;
  customerId: string;
  /** A payer phone of the seeded payments, for the payments search. */
  payerPhone: string;
  seconds: number;
}

/** Every customer gets its own account, as provisioning on its page would give it. */
async function customerAccounts(merchantId: string): Promise<SeedAccount[]> {
  const { rows } = await db().execute<{ id: string; display_name: string }>(sql`select id, display_name from customers where merchant_id = ${merchantId} order by created_at desc`);
  const accounts: SeedAccount[] = [];
  await db().transaction(async (tx) => {
    for (const customer of rows) {
      const account = await insertVirtualAccount(tx, {
        merchantId,
        ownerType: 'CUSTOMER',
        ownerId: customer.id,
        purpose: 'CUSTOMER',
        accountName: customer.display_name,
        accountType: 'STATIC',
        currency: 'KES',
      });
      accounts.push({ id: account.id, accountNumber: account.accountNumber, customerId: customer.id });
    }
  });
  return accounts;
}

/**
 * Prompts n = 1..count, one every 30 s going back, over the customers' accounts; one in five for
 * a bill of that customer's. Statuses mixed as a sandbox day leaves them.
 */
async function seedPrompts(merchantId: string, count: number) {
  await db().execute(sql`
    with owners as (
      select array_agg(va.id order by va.id) as accounts, array_agg(va.account_number order by va.id) as numbers,
             array_agg(va.owner_id order by va.id) as customers
        from virtual_accounts va where va.merchant_id = ${merchantId} and va.purpose = 'CUSTOMER'
    ),
    prompts as (
      select n, 1 + n % cardinality(accounts) as slot, accounts, numbers, customers from generate_series(1, ${count}) as n, owners
    )
    insert into stk_initiations (merchant_id, virtual_account_id, account_number, customer_id, expected_payment_id, phone, amount,
                                 description, status, failure_code, failure_reason, provider, checkout_request_id, created_at, updated_at)
    select ${merchantId}, accounts[slot], numbers[slot], customers[slot],
           case when n % 5 = 0 then (select id from expected_payments where customer_id = customers[slot] limit 1) end,
           '2547' || lpad(((n::bigint * 7919) % 100000000)::text, 8, '0'), (100 + n % 4900)::numeric, 'Bench prompt ' || n,
           case when n % 10 < 7 then 'COMPLETED' when n % 10 = 7 then 'FAILED' when n % 10 = 8 then 'TIMED_OUT' else 'PENDING' end,
           case when n % 10 = 7 then '1032' end, case when n % 10 = 7 then 'The payer cancelled the prompt.' end,
           'SIMULATOR', 'ws_CO_BENCH_' || n, now() - make_interval(secs => n * 30), now() - make_interval(secs => n * 30)
      from prompts`);
}

/** A few payments through the sandbox rail into one open bill of a customer (600 of more than 1,000): matched, posted to the ledger, the bill part-paid. */
async function payBillThroughApi(target: Target) {
  const { rows } = await db().execute<{ id: string; customer_id: string; account_number: string }>(sql`
    select b.id, b.customer_id, va.account_number
      from expected_payments b join virtual_accounts va on va.id = b.virtual_account_id
     where b.merchant_id = ${target.merchantId} and b.status = 'OPEN' and b.customer_id is not null and b.amount > 1000
     order by b.created_at desc limit 1`);
  const bill = rows[0]!;
  let paymentId = '';
  for (const amount of [150, 200, 250]) {
    const response = await fetch(`http://127.0.0.1:${target.apiPort}/api/v1/merchants/me/sandbox/inbound-payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accountNumber: bill.account_number, amount, channel: 'MOBILE_MONEY', payerPhone: '0712345678', payerName: 'Bench Payer' }),
    });
    if (response.status !== 201) throw new Error(`sandbox payment: ${response.status} ${await response.text()}`);
    paymentId = ((await response.json()) as { id: string }).id;
  }
  return { billId: bill.id, customerId: bill.customer_id, paymentId };
}

export async function seedPortal(target: Target): Promise<PortalSeed> {
  const started = Date.now();
  const payments = Number(process.env.BENCH_PAYMENTS ?? 1_000_000);
  const bills = Number(process.env.BENCH_BILLS ?? 20_000);
  const customers = Number(process.env.BENCH_CUSTOMERS ?? 2_000);
  const prompts = Number(process.env.BENCH_PROMPTS ?? 10_000);
  await seedBills(target.merchantId, bills, { customers });
  await seedPayments(target.merchantId, await customerAccounts(target.merchantId), payments);
  await seedPrompts(target.merchantId, prompts);
  await db().execute(sql`vacuum (analyze) stk_initiations, virtual_accounts, expected_payments, customers`);
  const paid = await payBillThroughApi(target);
  // The seed's dirty pages written out now, not by the checkpointer during the first page measured
  // (on 25 November the overview, measured first, ran at two thirds of its later rate).
  await db().execute(sql`checkpoint`);
  const payerPhone = `07${String((BigInt(Math.floor(payments / 2)) * 7919n) % 100_000_000n).padStart(8, '0')}`;
  return { payments, bills, customers, prompts, ...paid, payerPhone, seconds: Math.round((Date.now() - started) / 1000) };
}
