import type { messages } from './schema';

export type MessageRow = typeof messages.$inferSelect;

export const toMessageJson = (row: MessageRow) => ({
  id: row.id,
  kind: row.kind,
  channel: row.channel,
  to: row.recipient,
  subject: row.subject,
  body: row.body,
  language: row.language,
  segments: row.segments,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  providerMessageId: row.providerMessageId,
  paymentId: row.paymentId,
  expectedPaymentId: row.expectedPaymentId,
  customerId: row.customerId,
  requestedBy: row.requestedBy,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});
