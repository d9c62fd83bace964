import { z } from '@hono/zod-openapi';
import { pageQuery } from '@/lib/api/pagination';
import { Timestamp, Uuid } from '@/lib/api/schemas';
import { messageChannels, messageKinds, messageLanguages, messageStatuses } from './schema';

const Channel = z.enum(messageChannels).openapi({ description: 'SMS (Africa\'s Talking) or EMAIL (the SMTP server).' });
const Channels = z.array(Channel).max(2);

export const NotificationSettings = z
  .object({
    receiptChannels: Channels.openapi({ description: 'How payers get a receipt of each payment; empty: no receipts.' }),
    language: z.enum(messageLanguages).openapi({ description: 'The payers\' language: English (en) or Swahili (sw), as the payer page speaks them.' }),
    displayName: z.string().nullable().openapi({ description: 'The name payers read in messages; null: the merchant\'s own name.' }),
    merchantName: z.string().openapi({ description: 'The merchant\'s name (read only).' }),
    nameInMessages: z.string().openapi({ description: 'The name messages carry: displayName, else merchantName.' }),
    reminderDaysBefore: z.number().int().nullable().openapi({ description: 'Days before a bill expires when its customer is reminded, once; null: no reminders.' }),
    reminderChannels: Channels,
    availableChannels: z.array(Channel).openapi({ description: 'The channels this service can send (or keep in the sandbox outbox).' }),
    sandboxOutbox: z.boolean().openapi({ description: 'true: messages of a channel without a provider are kept in the sandbox outbox, not sent.' }),
    updatedAt: Timestamp.nullable(),
  })
  .openapi('NotificationSettings');

export const NotificationSettingsRequest = z
  .object({
    receiptChannels: Channels,
    language: z.enum(messageLanguages),
    displayName: z
      .string()
      .max(60)
      .refine((text) => !/[\u0000-\u001f]/.test(text), 'Must be one line of text.')
      .nullish()
      .openapi({ description: 'Up to 60 characters; empty or null for the merchant\'s name.' }),
    reminderDaysBefore: z.number().int().min(1).max(30).nullish().openapi({ description: '1 to 30 days; null for no reminders.' }),
    reminderChannels: Channels.default([]),
  })
  .openapi('NotificationSettingsRequest');

export const Message = z
  .object({
    id: Uuid,
    kind: z.enum(messageKinds),
    channel: Channel,
    to: z.string().openapi({ description: 'The phone (2547…) or email address.' }),
    subject: z.string().nullable(),
    body: z.string(),
    language: z.enum(messageLanguages),
    segments: z.number().int().nullable().openapi({ description: 'SMS parts (at most 2: longer texts are shortened).' }),
    status: z.enum(messageStatuses).openapi({ description: 'QUEUED, SENT, RETRYING (the job queue tries again), FAILED (no more tries unless retried), OUTBOX (kept in the sandbox outbox).' }),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    providerMessageId: z.string().nullable(),
    paymentId: Uuid.nullable(),
    expectedPaymentId: Uuid.nullable(),
    customerId: Uuid.nullable(),
    requestedBy: Uuid.nullable().openapi({ description: 'The user who asked; null when the service sent it on its own (receipts, reminders).' }),
    createdAt: Timestamp,
    sentAt: Timestamp.nullable(),
  })
  .openapi('Message');

export const MessageListQuery = z.object({
  ...pageQuery,
  status: z.enum(messageStatuses).optional().openapi({ description: 'Only messages in this status.' }),
  expectedPaymentId: Uuid.optional().openapi({ description: 'Only messages about this bill.' }),
});

export const MessageParams = z.object({
  messageId: Uuid.openapi({ param: { name: 'messageId', in: 'path' } }),
});

export const SendBillParams = z.object({
  expectedPaymentId: Uuid.openapi({ param: { name: 'expectedPaymentId', in: 'path' } }),
});

export const SendBillRequest = z
  .object({ channels: z.array(Channel).min(1).max(2).openapi({ example: ['SMS', 'EMAIL'] }) })
  .openapi('SendBillRequest');

export const SentMessages = z.object({ data: z.array(Message) }).openapi('SentMessages');

export type MessageListFilters = z.infer<typeof MessageListQuery>;
