import { performance } from 'node:perf_hooks';
import { insertVirtualAccount } from '@/lib/accounts/provision';
import { db } from '@/lib/platform/db';
import { seedPayments, type SeedAccount } from '../seed-payments';
import type { Target } from './target';

const ROUNDS = Number(process.env.BENCH_CHART_ROUNDS ?? 200);
const ACCOUNTS = Number(process.env.BENCH_PAYMENT_ACCOUNTS ?? 1_000);
const DAY_MS = 86_400_000;
const NAIROBI_MS = 3 * 3_600_000;

const nairobiDay = (ms: number) => new Date(ms + NAIROBI_MS).toISOString().slice(0, 10);
const midnight = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) - NAIROBI_MS).toISOString();
const nextMidnight = (day: string) => new Date(Date.parse(midnight(day)) + DAY_MS).toISOString();
const lastDays = (count: number) => Array.from({ length: count }, (_, index) => nairobiDay(Date.now() - (count - 1 - index) * DAY_MS));

/** Median and 95th percentile of the rounds, in milliseconds. */
function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  return { p50: at(0.5).toFixed(1), p95: at(0.95).toFixed(1) };
}

async function timed(work: () => Promise<unknown>): Promise<number[]> {
  for (let warm = 0; warm < 10; warm++) await work();
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * The payments page's chart data, as the page asked for it before issue 15 (one summary per
 * day, all at once) and after (one daily-totals call), one page render at a time: the wall
 * time the page waited for its chart.
 */
export async function chartTotalsScenario(target: Target): Promise<string> {
  const count = Number(process.env.BENCH_PAYMENTS ?? 1_000_000);
  const accounts: SeedAccount[] = [];
  await db().transaction(async (tx) => {
    for (let index = 0; index < ACCOUNTS; index++) {
      const account = await insertVirtualAccount(tx, {
        merchantId: target.merchantId,
        ownerType: 'CUSTOMER',
        ownerId: crypto.randomUUID(),
        purpose: 'CUSTOMER',
        accountName: `Bench customer ${index}`,
        accountType: 'STATIC',
        currency: 'KES',
      });
      accounts.push({ id: account.id, accountNumber: account.accountNumber });
    }
  });
  await seedPayments(target.merchantId, accounts, count);
  const base = `http://127.0.0.1:${target.apiPort}/api/v1/merchants/me/payments`;
  const headers = { authorization: `Bearer ${target.accessToken}` };
  const get = async (url: string) => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const rows: string[] = [];
  for (const days of [30, 90]) {
    const range = lastDays(days);
    const before = await timed(() =>
      Promise.all(range.map((day) => get(`${base}/summary?from=${encodeURIComponent(midnight(day))}&to=${encodeURIComponent(nextMidnight(day))}&currency=KES`))),
    );
    const after = await timed(() => get(`${base}/daily-totals?from=${range[0]}&to=${range.at(-1)}&currency=KES`));
    const b = percentiles(before);
    const a = percentiles(after);
    rows.push(`| ${days} days | ${days} summaries at once | ${b.p50} | ${b.p95} |`, `| ${days} days | one daily-totals call | ${a.p50} | ${a.p95} |`);
  }
  return [
    `\nThe payments chart's data with ${count.toLocaleString('en')} payments into ${ACCOUNTS.toLocaleString('en')} accounts, ${ROUNDS} page renders one after another (ms)\n`,
    '| range | requests | p50 | p95 |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}
