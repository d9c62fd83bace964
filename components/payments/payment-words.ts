import type { BadgeTone } from '@/components/ui/badge';
import { channelNames } from '@/lib/portal/money';
import type { MatchStatus, PaymentChannel } from './types';

/** How the money came, as payers and merchants in Kenya name it: the one table in lib/money. */
export const channelLabel: Record<PaymentChannel, string> = channelNames;

export const paymentChannels = Object.keys(channelLabel) as PaymentChannel[];

/** The rail's reference has a name people recognise: a receipt on M-Pesa, a reference at the bank. */
export const referenceLabel = (channel: PaymentChannel) => (channel === 'MOBILE_MONEY' ? 'M-Pesa receipt' : 'Bank reference');

/** What a payment did to a bill, in words, with a sentence saying what it means (docs/payments.md). */
export const matchStatusText: Record<MatchStatus, { label: string; tone: BadgeTone; meaning: string }> = {
  MATCHED: {
    label: 'Paid a bill',
    tone: 'success',
    meaning: 'It settled a bill exactly, alone or as the last of several payments.',
  },
  PARTIAL: {
    label: 'Part of a bill',
    tone: 'info',
    meaning: 'It paid part of a bill; the rest is still due.',
  },
  OVERPAID: {
    label: 'Overpaid a bill',
    tone: 'warning',
    meaning: 'It settled a bill and went beyond it: the surplus is shown as overpaid.',
  },
  UNMATCHED: {
    label: 'No bill',
    tone: 'neutral',
    meaning: "A payment into an account that was not for any bill. It counts in the account's balance.",
  },
  NEEDS_ATTENTION: {
    label: 'Needs attention',
    tone: 'danger',
    meaning:
      'It arrived for a bill that was already paid, cancelled or expired, or in another currency. The money is in the account, but no bill counted it: check with the payer whether to refund it or apply it elsewhere.',
  },
};

export const matchStatuses = Object.keys(matchStatusText) as MatchStatus[];
