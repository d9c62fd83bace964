import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/db';
import { settlementCutoff } from '@/lib/settlement/cutoff';
import { isDueOn, nextDueDay } from '@/lib/settlement/schedule';
import { createDueSettlements } from '@/lib/settlement/scheduler';
import { settlementAccounts, settlementSchedules, settlements, type SettlementInterval } from '@/lib/settlement/schema';
import { instanceConfig, useFreshDatabase } from '../instances/support';
import { addSettlementAccount, pay, settlementWorld } from './world';

// A database of this file's own: the scheduler pays every merchant due, and other files' merchants
// must not be paid by this file's runs (nor this file's by theirs).
useFreshDatabase();
beforeAll(() => {
  instanceConfig({ DATA_DIR: '/tmp/collect-schedule-test' });
});

const weekly = (weeklyDay: number) => ({ interval: 'WEEKLY' as const, weeklyDay, monthlyDay: null });
const monthly = (monthlyDay: number) => ({ interval: 'MONTHLY' as const, weeklyDay: null, monthlyDay });
const every = (interval: SettlementInterval) => ({ interval, weeklyDay: null, monthlyDay: null });

describe('which Nairobi days a schedule pays on', () => {
  it('DAILY pays every day and MANUAL never', () => {
    for (const day of ['2026-11-27', '2026-11-28', '2027-01-01']) {
      expect(isDueOn(every('DAILY'), day)).toBe(true);
      expect(isDueOn(every('MANUAL'), day)).toBe(false);
    }
    expect(nextDueDay(every('MANUAL'), '2026-11-27')).toBeNull();
  });

  it('WEEKLY pays on its ISO weekday (1 = Monday) only', () => {
    expect(isDueOn(weekly(5), '2026-11-27')).toBe(true); // a Friday
    expect(isDueOn(weekly(1), '2026-11-27')).toBe(false);
    expect(nextDueDay(weekly(1), '2026-11-27')).toBe('2026-11-30');
    expect(nextDueDay(weekly(7), '2027-02-28')).toBe('2027-02-28'); // a Sunday
  });

  it('MONTHLY pays on its day, or on the last day of a shorter month', () => {
    expect(isDueOn(monthly(27), '2026-11-27')).toBe(true);
    expect(isDueOn(monthly(28), '2026-11-27')).toBe(false);
    expect(isDueOn(monthly(31), '2026-11-30')).toBe(true);
    expect(isDueOn(monthly(31), '2026-04-30')).toBe(true);
    expect(isDueOn(monthly(30), '2027-02-28')).toBe(true);
    expect(isDueOn(monthly(30), '2028-02-28')).toBe(false); // a leap year: the 29th is the last
    expect(isDueOn(monthly(30), '2028-02-29')).toBe(true);
    expect(nextDueDay(monthly(31), '2026-12-01')).toBe('2026-12-31');
  });
});

describe('the cutoff of a run (Nairobi is UTC+3 all year)', () => {
  it('is the start of the Nairobi day after the delay, and never later than now', () => {
    // 00:00:30 on Friday 27 November in Nairobi.
    const now = new Date('2026-11-26T21:00:30Z');
    expect(settlementCutoff(now, 1).toISOString()).toBe('2026-11-26T21:00:00.000Z');
    expect(settlementCutoff(now, 2).toISOString()).toBe('2026-11-25T21:00:00.000Z');
    expect(settlementCutoff(now, 0).toISOString()).toBe(now.toISOString());
    // 23:59 on the 27th in Nairobi is still the 27th: a delay of 1 pays up to the 27th's start.
    expect(settlementCutoff(new Date('2026-11-27T20:59:00Z'), 1).toISOString()).toBe('2026-11-26T21:00:00.000Z');
  });
});

type World = Awaited<ReturnType<typeof settlementWorld>>;

async function setSchedule(merchantId: string, schedule: Partial<typeof settlementSchedules.$inferInsert>) {
  await db().insert(settlementSchedules).values({ merchantId, ...schedule }).onConflictDoUpdate({ target: settlementSchedules.merchantId, set: schedule });
}

const scheduledOf = (world: World) => db().select().from(settlements).where(eq(settlements.merchantId, world.merchant.id));

describe('the scheduled run', () => {
  // Friday 27 November 2026, 00:00:30 in Nairobi.
  const now = new Date('2026-11-26T21:00:30Z');
  const lastMinuteOfThursday = new Date('2026-11-26T20:59:59Z');
  const firstSecondsOfFriday = new Date('2026-11-26T21:00:10Z');

  it('pays a DAILY merchant, delay 1, everything received before its Nairobi day began, once per bucket and currency', async () => {
    const world = await settlementWorld();
    const thursday = await pay(world.kes, '1000', { receivedAt: lastMinuteOfThursday });
    const friday = await pay(world.kes, '2000', { receivedAt: firstSecondsOfFriday });
    await pay(world.usd, '50', { receivedAt: lastMinuteOfThursday });
    const branch = await pay(world.branchKes, '700', { receivedAt: lastMinuteOfThursday });

    await createDueSettlements(now);
    const made = await scheduledOf(world);
    expect(made.map((row) => `${row.currency}:${row.subMerchantId ?? 'merchant'}`).sort()).toEqual(['KES:merchant', `KES:${world.branch.id}`, 'USD:merchant'].sort());
    for (const row of made) expect(row).toMatchObject({ origin: 'SCHEDULED', scheduledFor: '2026-11-27', status: 'PENDING' });
    const kes = made.find((row) => row.currency === 'KES' && row.subMerchantId === null)!;
    expect(kes).toMatchObject({ amount: thursday.netAmount, entryCount: 1 });
    expect(kes.cutoff.toISOString()).toBe('2026-11-26T21:00:00.000Z');
    expect(made.find((row) => row.subMerchantId === world.branch.id)).toMatchObject({ amount: branch.netAmount });

    // Later the same day: Friday's payment waits for Saturday, and nothing is made twice.
    const later = await createDueSettlements(new Date('2026-11-27T09:00:00Z'));
    expect(later.created).toBe(0);
    expect(await scheduledOf(world)).toHaveLength(3);
    const saturday = await createDueSettlements(new Date('2026-11-27T21:00:05Z'));
    expect(saturday.created).toBeGreaterThanOrEqual(1);
    const next = (await scheduledOf(world)).filter((row) => row.scheduledFor === '2026-11-28');
    expect(next.map((row) => row.amount)).toEqual([friday.netAmount]);
  });

  it('keeps to the delay: 2 days pays only what arrived before Thursday, 0 pays up to now', async () => {
    const slow = await settlementWorld({ branchAccount: false });
    await setSchedule(slow.merchant.id, { interval: 'DAILY', delayDays: 2 });
    const wednesday = await pay(slow.kes, '1500', { receivedAt: new Date('2026-11-25T20:00:00Z') });
    await pay(slow.kes, '1600', { receivedAt: lastMinuteOfThursday });

    const eager = await settlementWorld({ branchAccount: false });
    await setSchedule(eager.merchant.id, { interval: 'DAILY', delayDays: 0 });
    const justNow = await pay(eager.kes, '900', { receivedAt: firstSecondsOfFriday });

    await createDueSettlements(now);
    expect((await scheduledOf(slow)).map((row) => row.amount)).toEqual([wednesday.netAmount]);
    expect((await scheduledOf(eager)).map((row) => row.amount)).toEqual([justNow.netAmount]);
  });

  it('pays WEEKLY and MONTHLY merchants on their day only, and MANUAL merchants never', async () => {
    const cases = [
      { schedule: { interval: 'WEEKLY' as const, weeklyDay: 5 }, paid: true },
      { schedule: { interval: 'WEEKLY' as const, weeklyDay: 1 }, paid: false },
      { schedule: { interval: 'MONTHLY' as const, monthlyDay: 27 }, paid: true },
      { schedule: { interval: 'MONTHLY' as const, monthlyDay: 26 }, paid: false },
      { schedule: { interval: 'MANUAL' as const }, paid: false },
    ];
    const worlds = [];
    for (const { schedule } of cases) {
      const world = await settlementWorld({ branchAccount: false });
      await setSchedule(world.merchant.id, schedule);
      await pay(world.kes, '1000', { receivedAt: new Date('2026-11-24T09:00:00Z') });
      worlds.push(world);
    }
    await createDueSettlements(now);
    for (const [index, world] of worlds.entries()) expect((await scheduledOf(world)).length > 0, JSON.stringify(cases[index])).toBe(cases[index]!.paid);
  });

  it('pays a MONTHLY day 31 merchant on the 30th of November', async () => {
    const world = await settlementWorld({ branchAccount: false });
    await setSchedule(world.merchant.id, { interval: 'MONTHLY', monthlyDay: 31 });
    await pay(world.kes, '1000', { receivedAt: new Date('2026-11-24T09:00:00Z') });
    await createDueSettlements(new Date('2026-11-29T21:30:00Z')); // 00:30 on the 30th in Nairobi
    expect((await scheduledOf(world)).map((row) => row.scheduledFor)).toEqual(['2026-11-30']);
  });

  it('waits below the minimum of a currency, and only that currency', async () => {
    const world = await settlementWorld({ branchAccount: false });
    await setSchedule(world.merchant.id, { interval: 'DAILY', minimumAmounts: { KES: '5000' } });
    await pay(world.kes, '3000', { receivedAt: lastMinuteOfThursday });
    await pay(world.usd, '40', { receivedAt: lastMinuteOfThursday });
    await createDueSettlements(now);
    expect((await scheduledOf(world)).map((row) => row.currency)).toEqual(['USD']);

    // Above the minimum on a later day, the KES that waited goes too.
    await pay(world.kes, '4000', { receivedAt: new Date('2026-11-27T10:00:00Z') });
    await createDueSettlements(new Date('2026-11-27T21:00:30Z'));
    const kes = (await scheduledOf(world)).filter((row) => row.currency === 'KES');
    expect(kes).toHaveLength(1);
    expect(kes[0]).toMatchObject({ scheduledFor: '2026-11-28', entryCount: 2 });
  });

  it('makes nothing for a bucket without an active settlement account, and nothing when nothing is due', async () => {
    const world = await settlementWorld({ branchAccount: false });
    await pay(world.branchKes, '800', { receivedAt: lastMinuteOfThursday }); // the branch's money is the merchant's bucket's
    const quiet = await settlementWorld({ branchAccount: false });
    await createDueSettlements(now);
    const made = await scheduledOf(world);
    expect(made).toHaveLength(1);
    expect(made[0]!.subMerchantId).toBeNull();
    expect(await scheduledOf(quiet)).toEqual([]);

    const unpaid = await settlementWorld({ branchAccount: false });
    await db().update(settlementAccounts).set({ status: 'DISABLED' }).where(eq(settlementAccounts.merchantId, unpaid.merchant.id));
    await pay(unpaid.kes, '800', { receivedAt: lastMinuteOfThursday });
    await createDueSettlements(new Date('2026-11-27T21:00:30Z'));
    expect(await scheduledOf(unpaid)).toEqual([]);
    await addSettlementAccount(unpaid.merchant.id, null, 'KES');
    await createDueSettlements(new Date('2026-11-27T21:01:30Z'));
    expect(await scheduledOf(unpaid)).toHaveLength(1);
  });
});
