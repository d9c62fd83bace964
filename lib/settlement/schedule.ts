import { eq, sql } from 'drizzle-orm';
import type { Principal } from '@/lib/api/principal';
import { nullableTimestampJson } from '@/lib/api/serialize';
import { recordAudit } from '@/lib/audit/record';
import { requireAdmin } from '@/lib/auth/require-admin';
import { storedText } from '@/lib/money/decimal';
import { db, type Queryable } from '@/lib/platform/db';
import { addNairobiDays } from './cutoff';
import { settlementSchedules, type SettlementInterval } from './schema';
import type { SettlementScheduleInput } from './schemas';

export const SETTLEMENT_TIME_ZONE = 'Africa/Nairobi';

/** When a merchant is paid; `updatedAt` null: never set, the default applies. */
export interface Schedule {
  interval: SettlementInterval;
  weeklyDay: number | null;
  monthlyDay: number | null;
  delayDays: number;
  /** Per currency, exact decimal text: a scheduled settlement below it waits. */
  minimumAmounts: Record<string, string>;
  updatedAt: Date | null;
}

/** Paystack's and Kopo Kopo's default: every day, the day after the money arrived. */
export const DEFAULT_SCHEDULE: Schedule = { interval: 'DAILY', weeklyDay: null, monthlyDay: null, delayDays: 1, minimumAmounts: {}, updatedAt: null };

export async function scheduleOf(q: Queryable, merchantId: string): Promise<Schedule> {
  const [row] = await q.select().from(settlementSchedules).where(eq(settlementSchedules.merchantId, merchantId));
  return row ? { ...row, minimumAmounts: row.minimumAmounts ?? {} } : DEFAULT_SCHEDULE;
}

/** The days of a month (YYYY-MM-…): the 0th day of the next month is this one's last. */
const daysInMonth = (day: string) => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();
/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * Whether the schedule makes a settlement on the Nairobi day `day` (YYYY-MM-DD). A monthlyDay past
 * the month's end is its last day (31 → 30 April, 28 or 29 February), so no month is skipped.
 */
export function isDueOn(schedule: Pick<Schedule, 'interval' | 'weeklyDay' | 'monthlyDay'>, day: string): boolean {
  switch (schedule.interval) {
    case 'DAILY':
      return true;
    case 'WEEKLY':
      return isoWeekday(day) === schedule.weeklyDay;
    case 'MONTHLY':
      return Number(day.slice(8, 10)) === Math.min(schedule.monthlyDay ?? 1, daysInMonth(day));
    case 'MANUAL':
      return false;
  }
}

/** The first Nairobi day from `fromDay` (included) the schedule runs on; null for MANUAL. */
export function nextDueDay(schedule: Pick<Schedule, 'interval' | 'weeklyDay' | 'monthlyDay'>, fromDay: string): string | null {
  if (schedule.interval === 'MANUAL') return null;
  // A monthly schedule runs at least once in any 31 consecutive days.
  for (let offset = 0; offset <= 31; offset += 1) {
    const day = addNairobiDays(fromDay, offset);
    if (isDueOn(schedule, day)) return day;
  }
  return null;
}

/**
 * The same rule in SQL, for the scheduler's one set query over every merchant: `s` is a
 * settlement_schedules row or nulls (no row: the default, DAILY), `day` the Nairobi date.
 */
export const dueOnSql = (day: string) => sql`(
  coalesce(s.interval, 'DAILY') = 'DAILY'
  or (s.interval = 'WEEKLY' and s.weekly_day = extract(isodow from ${day}::date))
  or (s.interval = 'MONTHLY' and extract(day from ${day}::date) =
        least(s.monthly_day, extract(day from (date_trunc('month', ${day}::date) + interval '1 month - 1 day'))))
)`;

export const toScheduleJson = (schedule: Schedule) => ({
  interval: schedule.interval,
  weeklyDay: schedule.weeklyDay,
  monthlyDay: schedule.monthlyDay,
  delayDays: schedule.delayDays,
  minimumAmount: Object.fromEntries(Object.entries(schedule.minimumAmounts).map(([currency, amount]) => [currency, Number(amount)])),
  timeZone: SETTLEMENT_TIME_ZONE as typeof SETTLEMENT_TIME_ZONE,
  updatedAt: nullableTimestampJson(schedule.updatedAt),
});

export const getSchedule = (principal: Principal) => scheduleOf(db(), principal.merchantId);

/**
 * Replaces the whole schedule (a PUT): a weekly or monthly day that does not apply to the interval
 * is dropped, so the stored row says only what it means. A minimum of zero is no minimum.
 */
export async function putSchedule(principal: Principal, input: SettlementScheduleInput): Promise<Schedule> {
  requireAdmin(principal);
  const minimumAmounts = Object.fromEntries(
    Object.entries(input.minimumAmount)
      .flatMap(([currency, amount]) => (amount ? [[currency, storedText(amount)] as const] : []))
      .filter(([, amount]) => /[1-9]/.test(amount)),
  );
  const values = {
    interval: input.interval,
    weeklyDay: input.interval === 'WEEKLY' ? input.weeklyDay! : null,
    monthlyDay: input.interval === 'MONTHLY' ? input.monthlyDay! : null,
    delayDays: input.delayDays,
    minimumAmounts,
    updatedBy: principal.userId,
    updatedAt: new Date(),
  };
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(settlementSchedules)
      .values({ merchantId: principal.merchantId, ...values })
      .onConflictDoUpdate({ target: settlementSchedules.merchantId, set: values })
      .returning();
    await recordAudit(tx, {
      action: 'settlement_schedule.updated',
      target: { type: 'settlement_schedule', id: principal.merchantId },
      summary: `Settlement schedule set to ${describeSchedule(row!)}.`,
      details: { interval: row!.interval, weeklyDay: row!.weeklyDay, monthlyDay: row!.monthlyDay, delayDays: row!.delayDays, minimumAmounts },
    });
    return row!;
  });
}

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function describeSchedule(schedule: Schedule): string {
  const when =
    schedule.interval === 'WEEKLY'
      ? `weekly on ${weekdays[schedule.weeklyDay! - 1]}`
      : schedule.interval === 'MONTHLY'
        ? `monthly on day ${schedule.monthlyDay}`
        : schedule.interval.toLowerCase();
  return `${when}, ${schedule.delayDays} day${schedule.delayDays === 1 ? '' : 's'} after the money arrived`;
}
