import { sql } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { cpuPerAnswered } from '../cpu';
import { loadPaths, table, type Figures } from '../load';
import { signedInBenchUser } from './operator-session';
import type { Target } from './target';

const SAMPLES = 2_000;

/**
 * `npm run bench -- merchant-search`: a merchant's own search box (GET /merchants/me/payments?q=)
 * over HTTP, on a database the operator-search bench seeded and kept (BENCH_DATA_DIR: 10M payments
 * of 10,000 merchants, docs/scaling.md). The busiest merchant (about 460,000 payments) signs in as
 * its staff; each request searches one of 2,000 of its payments, sampled once: by its receipt typed
 * in lower case, by its payer's phone typed 07…, by its bill reference. 4 connections, with the
 * CPU each search cost the server and PostgreSQL. Written to compare one table (before migration
 * 0034) with the monthly partitions and the search keys (migration 0038) on the same rows.
 */
export async function merchantSearchScenario(target: Target): Promise<string> {
  const { rows: busiest } = await db().execute<{ merchant_id: string }>(sql`
    select merchant_id from payments tablesample system (0.1) group by merchant_id order by count(*) desc limit 1`);
  if (!busiest[0]) throw new Error('merchant-search needs the operator-search seed (BENCH_DATA_DIR of a seeded run)');
  const merchantId = busiest[0].merchant_id;
  const { rows: samples } = await db().execute<{ receipt: string; phone: string; bill: string | null }>(sql`
    select provider_reference as receipt, payer_phone as phone, bill_reference as bill
      from payments tablesample system (1) repeatable (29) where merchant_id = ${merchantId}::uuid limit ${SAMPLES}`);
  // A member of its staff (PLAIN_MERCHANT: no second factor to enrol).
  const headers = { authorization: `Bearer ${await signedInBenchUser(target, 'PLAIN_MERCHANT', merchantId)}` };
  const base = `http://127.0.0.1:${target.apiPort}`;
  const bills = samples.filter((sample) => sample.bill).map((sample) => sample.bill!);
  let i = 0;
  const next = () => samples[++i % samples.length]!;
  const path = (q: string) => `/api/v1/merchants/me/payments?q=${encodeURIComponent(q)}`;
  const searches: [string, () => string][] = [
    ['by receipt, typed in lower case', () => path(next().receipt.toLowerCase())],
    ['by bill reference', () => path(bills[++i % bills.length]!)],
    ['by payer phone, typed 07…', () => path(`0${next().phone.slice(3)}`)],
  ];
  const first = await fetch(`${base}${searches[0]![1]()}`, { headers });
  if (first.status !== 200) throw new Error(`the search answered ${first.status}: ${await first.text()}`);
  const cpu: string[] = [];
  const figures: Figures[] = [];
  for (const [name, search] of searches) {
    // A search that timed out fails its own row, not the others' (one table at 10M: a payer with
    // thousands of payments read cold from disk took longer than the load's timeout).
    const measured = await cpuPerAnswered(target.pid, () => loadPaths(name, base, search, headers, 4)).catch((error: Error) => error);
    if (measured instanceof Error) {
      cpu.push(`  ${name}: ${measured.message}`);
      continue;
    }
    cpu.push(`  ${name}: server ${(measured.serverMicros / 1000).toFixed(2)} ms, PostgreSQL ${(measured.postgresMicros / 1000).toFixed(2)} ms`);
    figures.push(measured.figures);
  }
  return [table(`A merchant's search box, the busiest of the kept seed's merchants, ${samples.length} of its payments, 4 connections`, figures), '\nCPU a search:', ...cpu].join('\n');
}
