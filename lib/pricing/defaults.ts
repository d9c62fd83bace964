import { config } from '@/lib/platform/config';
import { parseFeeSchedule, type FeeScheduleText } from '@/lib/platform/fee-schedule';

/**
 * The default price of every collectable currency on every channel that carries it
 * (lib/money/channels.ts), chosen in docs/pricing.md, "Default schedule":
 * - KES as before: 1% on M-Pesa (at least 1, at most 200), a flat 25 per instant transfer, 100 per RTGS.
 * - USD, EUR, GBP travel by RTGS only: a flat fee in the currency itself, never a shilling amount.
 */
export const DEFAULT_FEE_SCHEDULE: FeeScheduleText = {
  KES: {
    MOBILE_MONEY: { percent: '1', fixed: '0', min: '1', max: '200' },
    INSTANT_BANK: { percent: '0', fixed: '25' },
    RTGS: { percent: '0', fixed: '100' },
  },
  USD: { RTGS: { percent: '0', fixed: '1' } },
  EUR: { RTGS: { percent: '0', fixed: '1' } },
  GBP: { RTGS: { percent: '0', fixed: '0.8' } },
};

let parsed: { source: string | undefined; schedule: FeeScheduleText } | undefined;

/**
 * This deployment's default schedule: DEFAULT_FEE_SCHEDULE with each currency FEE_SCHEDULE names
 * replaced whole (a channel it leaves out is then not priced, so not offered, in that currency).
 * The configuration was validated at start, so a failure here is a programming error.
 */
export function defaultSchedule(): FeeScheduleText {
  const source = config().FEE_SCHEDULE;
  if (!parsed || parsed.source !== source) {
    let schedule = DEFAULT_FEE_SCHEDULE;
    if (source !== undefined) {
      const result = parseFeeSchedule(source);
      if (!result.ok) throw new Error(`FEE_SCHEDULE is not valid: ${result.problems.join('; ')}`);
      schedule = { ...DEFAULT_FEE_SCHEDULE, ...result.schedule };
    }
    parsed = { source, schedule };
  }
  return parsed.schedule;
}
