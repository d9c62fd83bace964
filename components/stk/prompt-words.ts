import type { BadgeTone } from '@/components/ui/badge';
import type { Prompt, PromptStatus } from './types';

/** Daraja's ResultCode for a prompt the payer cancelled on their phone. */
const CANCELLED_BY_PAYER = '1032';

/** A prompt's state in a word: a FAILED prompt the payer cancelled says so. */
export function promptStatusText(prompt: Pick<Prompt, 'status' | 'failureCode'>): { label: string; tone: BadgeTone } {
  switch (prompt.status) {
    case 'PENDING':
      return { label: 'Waiting', tone: 'info' };
    case 'COMPLETED':
      return { label: 'Paid', tone: 'success' };
    case 'TIMED_OUT':
      return { label: 'Timed out', tone: 'warning' };
    default:
      return prompt.failureCode === CANCELLED_BY_PAYER ? { label: 'Cancelled by payer', tone: 'warning' } : { label: 'Failed', tone: 'danger' };
  }
}

/** The statuses the list filters on, in the words above. */
export const promptStatusOptions: { value: PromptStatus; label: string }[] = [
  { value: 'PENDING', label: 'Waiting' },
  { value: 'COMPLETED', label: 'Paid' },
  { value: 'FAILED', label: 'Failed or cancelled' },
  { value: 'TIMED_OUT', label: 'Timed out' },
];

/** A prompt that ended without payment can be sent again. */
export const canSendAgain = (status: PromptStatus) => status === 'FAILED' || status === 'TIMED_OUT';
