import type { BadgeTone } from '@/components/ui/badge';

export const channelLabel = { SMS: 'SMS', EMAIL: 'Email' } as const;
export const kindLabel = { RECEIPT: 'Receipt', BILL_LINK: 'Bill link', REMINDER: 'Reminder' } as const;
export const languageLabel = { en: 'English', sw: 'Kiswahili' } as const;

export const statusWords: Record<string, { label: string; tone: BadgeTone }> = {
  QUEUED: { label: 'Queued', tone: 'info' },
  SENT: { label: 'Sent', tone: 'success' },
  RETRYING: { label: 'Retrying', tone: 'warning' },
  FAILED: { label: 'Failed', tone: 'danger' },
  OUTBOX: { label: 'In sandbox outbox', tone: 'neutral' },
};

export const canRetry = (status: string) => status === 'FAILED' || status === 'RETRYING';
