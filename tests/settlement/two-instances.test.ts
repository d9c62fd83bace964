import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledEntry } from '../support/compiled-scripts';
import { db } from '@/lib/platform/db';
import { enqueue } from '@/lib/platform/jobs/queue';
import { startWorker } from '@/lib/platform/jobs/worker';
import { createDueSettlements, type ScheduleRun } from '@/lib/settlement/scheduler';
import { settlements } from '@/lib/settlement/schema';
import { tasks } from '@/lib/service/tasks';
import { instanceConfig, useFreshDatabase } from '../instances/support';
import { expectLedgerOk, pay, settlementWorld } from './world';

// A database of this file's own: both instances pay every merchant due on it.
const database = useFreshDatabase();
beforeAll(() => {
  instanceConfig({ DATA_DIR: '/tmp/collect-two-instances-test', SANDBOX: 'true' });
});

/** The other instance: a process of its own that runs the schedule at `startAt`, as of `now`. */
function otherInstance(startAt: number, now: Date): Promise<ScheduleRun> {
  const child = spawn(process.execPath, [compiledEntry('tests/settlement/fixtures/scheduler-instance.ts')], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, TEST_DATABASE_URL: database.url(), START_AT: String(startAt), NOW: now.toISOString() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(output.trim()) as ScheduleRun) : reject(new Error(`the other instance exited with ${code}: ${output}`)))),
  );
}

/** Merchants with money due in KES (merchant and branch buckets) and USD: three buckets each. */
async function merchantsWithMoneyDue(count: number, receivedAt: Date) {
  const worlds = [];
  for (let index = 0; index < count; index += 1) {
    const world = await settlementWorld();
    await pay(world.kes, `${1000 + index}`, { receivedAt });
    await pay(world.usd, '25', { receivedAt });
    await pay(world.branchKes, '800', { receivedAt });
    worlds.push(world);
  }
  return worlds;
}

const settlementsOf = (merchantIds: string[], day: string) =>
  db()
    .select({ merchantId: settlements.merchantId, subMerchantId: settlements.subMerchantId, currency: settlements.currency, count: sql<number>`count(*)::int` })
    .from(settlements)
    .where(and(inArray(settlements.merchantId, merchantIds), eq(settlements.scheduledFor, day)))
    .groupBy(settlements.merchantId, settlements.subMerchantId, settlements.currency);

describe('two instances running the schedule at the same moment', () => {
  it('create each due settlement exactly once between them', async () => {
    // 00:00:30 on 27 November in Nairobi; the money arrived the day before.
    const now = new Date('2026-11-26T21:00:30Z');
    const worlds = await merchantsWithMoneyDue(20, new Date('2026-11-26T10:00:00Z'));
    const startAt = Date.now() + 2_500; // time for the other process to start
    const [theirs, ours] = await Promise.all([
      otherInstance(startAt, now),
      sleep(Math.max(0, startAt - Date.now())).then(() => createDueSettlements(now)),
    ]);

    const buckets = await settlementsOf(worlds.map((world) => world.merchant.id), '2026-11-27');
    expect(buckets).toHaveLength(worlds.length * 3);
    expect(buckets.every((bucket) => bucket.count === 1)).toBe(true);
    expect(theirs.created + ours.created).toBe(worlds.length * 3);
    expect(theirs.failed + ours.failed).toBe(0);
    await expectLedgerOk();
  }, 60_000);
});

describe('the schedule as a job on two workers', () => {
  const runners: Runner[] = [];
  afterAll(() => Promise.all(runners.map((runner) => runner.stop())));

  it('creates each due settlement once when two workers run the sweep at the same time', async () => {
    const worlds = await merchantsWithMoneyDue(5, new Date(Date.now() - 3 * 86_400_000));
    const sweep = { 'settlements:schedule': tasks['settlements:schedule']! };
    runners.push(await startWorker({ tasks: sweep, concurrency: 1 }), await startWorker({ tasks: sweep, concurrency: 1 }));
    // Two jobs at once, as a tick that overlapped the one before would leave.
    await Promise.all([enqueue(db(), 'settlements:schedule', {}), enqueue(db(), 'settlements:schedule', {})]);

    const merchantIds = worlds.map((world) => world.merchant.id);
    const deadline = Date.now() + 20_000;
    let made = 0;
    while (Date.now() < deadline) {
      const { rows } = await db().execute<{ waiting: number }>(sql`select count(*)::int as waiting from graphile_worker.jobs where task_identifier = 'settlements:schedule'`);
      made = (await db().select({ id: settlements.id }).from(settlements).where(inArray(settlements.merchantId, merchantIds))).length;
      if (rows[0]!.waiting === 0 && made === worlds.length * 3) break;
      await sleep(200);
    }
    expect(made).toBe(worlds.length * 3);
    const perBucket = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(settlements)
      .where(inArray(settlements.merchantId, merchantIds))
      .groupBy(settlements.merchantId, settlements.subMerchantId, settlements.currency, settlements.scheduledFor);
    expect(perBucket.every((bucket) => bucket.count === 1)).toBe(true);
  }, 60_000);
});
