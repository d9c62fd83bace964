import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { checkLedger } from '@/lib/ledger/check';
import { db } from '@/lib/platform/db';
import { load, table } from '../load';
import type { Target } from './target';

const SEEDED = Number(process.env.BENCH_SUSPENSE ?? 200_000);
const RESOLUTIONS = Number(process.env.BENCH_SUSPENSE_RESOLUTIONS ?? 2_000);
const PARALLEL = 8;

/**
 * Suspense as a merchant works it off: the OPEN list and one row while hundreds of thousands of
 * older rows were returned, then resolutions into an account through the API, each a whole
 * payment (ledger entries, totals, event), with ledger:check afterwards.
 */
export async function suspenseScenario(target: Target): Promise<string> {
  const dollars = await insertVirtualAccount(db(), {
    merchantId: target.merchantId, ownerType: 'MERCHANT', ownerId: target.merchantId, purpose: 'CURRENCY', accountName: 'Bench dollars', accountType: 'STATIC', currency: 'USD',
  });
  const seeding = performance.now();
  // Old rows, dealt with long ago (returned), then the ones still waiting.
  await db().execute(sql`
    insert into suspense_payments (rail, provider_reference, account_number, amount, amount_text, currency, reason, detail, payload, received_at,
                                   merchant_id, virtual_account_id, status, return_requested_at, created_at)
    select 'MPESA', 'BS' || lpad(n::text, 10, '0'), ${dollars.accountNumber}, 100 + n % 900, (100 + n % 900)::text, 'USD', 'WRONG_CURRENCY',
           'This account does not take payments in this currency.', jsonb_build_object('channel', 'MOBILE_MONEY', 'payerName', 'Bench payer'),
           now() - make_interval(secs => n), ${target.merchantId}, ${dollars.id},
           case when n <= ${RESOLUTIONS} then 'OPEN' else 'RETURN_REQUESTED' end,
           case when n <= ${RESOLUTIONS} then null else now() end, now() - make_interval(secs => n)
      from generate_series(1, ${SEEDED}) n`);
  // Each reference claimed, as suspend() claims it (migration 0019).
  await db().execute(sql`insert into rail_references (rail, provider_reference) select rail, provider_reference from suspense_payments where provider_reference like 'BS%' on conflict do nothing`);
  await db().execute(sql`vacuum (analyze) suspense_payments`);
  const seeded = (performance.now() - seeding) / 1000;

  const api = `http://127.0.0.1:${target.apiPort}/api/v1/merchants/me/suspense`;
  const headers = { authorization: `Bearer ${target.accessToken}` };
  const [someRow] = (await (await fetch(`${api}?limit=1`, { headers })).json()) as { id: string }[];
  const reads = table(`Suspense lists over ${SEEDED.toLocaleString('en')} rows (${RESOLUTIONS.toLocaleString('en')} OPEN; seeded in ${seeded.toFixed(0)} s)`, [
    await load('OPEN, first page of 50', `${api}?status=OPEN`, headers),
    await load('all, first page of 50', api, headers),
    await load('one row', `${api}/${someRow!.id}`, headers),
  ]);

  const open = (await db().execute<{ id: string }>(sql`select id from suspense_payments where merchant_id = ${target.merchantId} and status = 'OPEN'`)).rows;
  const started = performance.now();
  let next = 0;
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < open.length) {
        const row = open[next++]!;
        const answer = await fetch(`${api}/${row.id}/resolve`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ virtualAccountId: dollars.id }) });
        if (answer.status !== 200) failures.push(`${answer.status} ${await answer.text()}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const checking = performance.now();
  const report = await checkLedger({ merchantId: target.merchantId });
  return [
    reads,
    `\nResolved ${open.length.toLocaleString('en')} suspense rows into an account, ${PARALLEL} at a time: ${seconds.toFixed(1)} s, ${Math.round(open.length / seconds)}/s; ${failures.length} refused${failures[0] ? ` (first: ${failures[0]})` : ''}`,
    `ledger:check for the merchant: ${report.ok ? 'clean' : JSON.stringify(report.problems)} in ${((performance.now() - checking) / 1000).toFixed(1)} s`,
  ].join('\n');
}
