import { z } from 'zod';
import { minorUnits } from '@/lib/money/currencies';
import { fromUnits, toUnits } from '@/lib/money/decimal';
import { config } from '@/lib/platform/config';
import { paymentChannels, type PaymentChannel } from './schema';

const Decimal = z.string().regex(/^\d{1,9}(\.\d{1,4})?$/, 'must be a decimal string such as "1.5"');
const ChannelFee = z.object({ percent: Decimal, fixed: Decimal, min: Decimal.optional(), max: Decimal.optional() });
const Schedule = z.object(Object.fromEntries(paymentChannels.map((channel) => [channel, ChannelFee])) as Record<PaymentChannel, typeof ChannelFee>);
export type FeeSchedule = z.infer<typeof Schedule>;

/** Demo pricing: 1% on M-Pesa (at least 1, at most 200), a flat 25 on instant transfers and 100 on RTGS. */
export const DEFAULT_FEE_SCHEDULE: FeeSchedule = {
  MOBILE_MONEY: { percent: '1', fixed: '0', min: '1', max: '200' },
  INSTANT_BANK: { percent: '0', fixed: '25' },
  RTGS: { percent: '0', fixed: '100' },
};

let parsed: { source: string | undefined; schedule: FeeSchedule } | undefined;

export function feeSchedule(): FeeSchedule {
  const source = config().FEE_SCHEDULE;
  if (parsed?.source !== source || !parsed) {
    let schedule = DEFAULT_FEE_SCHEDULE;
    if (source) {
      const result = Schedule.safeParse(JSON.parse(source));
      if (!result.success) throw new Error(`FEE_SCHEDULE is not valid: ${result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
      schedule = result.data;
    }
    parsed = { source, schedule };
  }
  return parsed.schedule;
}

/**
 * The fee on one payment, exact: fixed + amount × percent / 100, clamped to [min, max], rounded
 * half-up to the currency's minor unit, and never more than the amount itself.
 */
export function feeFor(amount: string, channel: PaymentChannel, currency: string, schedule = feeSchedule()): string {
  const rule = schedule[channel];
  const amountUnits = toUnits(amount);
  // toUnits has 4 decimals; percent has up to 4 more, so divide by 100 × 10^4 with half-up rounding.
  const percentScaled = toUnits(rule.percent);
  const proportional = (amountUnits * percentScaled + 500_000n) / 1_000_000n;
  let fee = toUnits(rule.fixed) + proportional;
  if (rule.min !== undefined && fee < toUnits(rule.min)) fee = toUnits(rule.min);
  if (rule.max !== undefined && fee > toUnits(rule.max)) fee = toUnits(rule.max);
  const step = 10n ** BigInt(4 - (minorUnits[currency] ?? 2));
  fee = ((fee + step / 2n) / step) * step;
  if (fee > amountUnits) fee = amountUnits;
  return fromUnits(fee);
}
