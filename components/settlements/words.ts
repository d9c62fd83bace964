import type { BadgeTone } from '@/components/ui/badge';
import type { Schedule, SettlementAccount, SettlementStatus } from './types';
import { kenyanPhoneDisplay } from '@/lib/platform/phone-display';

/** Each status in words a merchant reads, and what it means for their money. */
export const statusText: Record<SettlementStatus, { label: string; tone: BadgeTone; meaning: string }> = {
  PENDING: { label: 'Pending', tone: 'info', meaning: 'Taken from your balance; it goes out with the next payout run.' },
  PROCESSING: { label: 'In progress', tone: 'info', meaning: 'Sent to the bank or M-Pesa; waiting for them to confirm it.' },
  PAID: { label: 'Paid', tone: 'success', meaning: 'Paid into your settlement account.' },
  FAILED: { label: 'Failed', tone: 'danger', meaning: 'It could not be paid; the money is back in your available balance.' },
  RETURNED: { label: 'Returned', tone: 'warning', meaning: 'The bank or M-Pesa sent it back; the money is back in your available balance.' },
};

export const statusOptions = (Object.keys(statusText) as SettlementStatus[]).map((status) => ({ value: status, label: statusText[status].label }));


export const originLabel: Record<string, string> = { MANUAL: 'Paid out on request', SCHEDULED: 'By the schedule' };

export const accountKindLabel: Record<SettlementAccount['kind'], string> = {
  BANK: 'Bank account',
  MPESA: 'M-Pesa phone',
  PAYBILL: 'M-Pesa paybill',
};

/** Where the money goes, as the service masks it in settlements ("Equity Bank ••••6789"). */
export function accountDestination(account: SettlementAccount): string {
  if (account.kind === 'BANK') return `${account.bankName ?? 'Bank'} ${account.accountNumber ?? ''}`.trim();
  if (account.kind === 'MPESA') return `M-Pesa ${account.phone ? (kenyanPhoneDisplay(account.phone) ?? account.phone) : ''}`.trim();
  return `Paybill ${account.paybill ?? ''}${account.accountReference ? ` (${account.accountReference})` : ''}`;
}

/** ISO weekdays, Monday first, as the schedule stores them. */
export const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const ordinal = (day: number) => {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
};

const delayWords = (days: number) =>
  days === 0 ? 'everything received until the payout' : `money received up to ${days === 1 ? 'the day before' : `${days} days before`}`;

/** The schedule in one sentence. */
export function scheduleSentence(schedule: Schedule): string {
  const delay = delayWords(schedule.delayDays);
  switch (schedule.interval) {
    case 'DAILY':
      return `Every day (Nairobi time), paying ${delay}.`;
    case 'WEEKLY':
      return `Every ${weekdays[(schedule.weeklyDay ?? 1) - 1] ?? 'week'}, paying ${delay}.`;
    case 'MONTHLY':
      return `On the ${ordinal(schedule.monthlyDay ?? 1)} of each month, paying ${delay}.`;
    case 'MANUAL':
      return 'Only when you choose "Pay out now".';
  }
}

export const entryKindLabel = { PAYMENT: 'Payment', REVERSAL: 'Reversal' } as const;
