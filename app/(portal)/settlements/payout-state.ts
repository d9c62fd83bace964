import type { CreateFormState } from '@/components/ui/form-state';

export const payoutFields = ['balance', 'amount'] as const;
export type PayoutField = (typeof payoutFields)[number];

/** What the confirmation step shows before anything is sent. */
export interface PayoutPreview {
  /** "KES 12,500.00", or "up to KES 5,000.00" when an amount was typed. */
  amountText: string;
  destination: string;
  /** The amount was typed: whole payments are taken, so it may come to a little less. */
  ceiling: boolean;
}

export type PayoutState = CreateFormState<PayoutField> & { preview?: PayoutPreview };
