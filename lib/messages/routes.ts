import { createRoute } from '@hono/zod-openapi';
import { bearerSecurity, jsonBody, jsonResponse, problems } from '@/lib/api/schemas';
import { adminOnly } from '@/lib/auth/require-admin';
import { Message, MessageListQuery, MessageParams, NotificationSettings, NotificationSettingsRequest, SendBillParams, SendBillRequest, SentMessages } from './schemas';

const tags = ['Messages'];
const settings = '/merchants/me/notification-settings';

export const messageRoutes = {
  getSettings: createRoute({
    method: 'get',
    path: settings,
    tags,
    summary: 'What payers are sent: receipts, their language, reminders',
    description: 'Every user reads them; nothing is sent until an administrator saves them.',
    security: bearerSecurity,
    responses: { 200: jsonResponse(NotificationSettings, 'The settings, or the defaults.'), ...problems(401) },
  }),
  putSettings: createRoute({
    method: 'put',
    path: settings,
    tags,
    summary: 'Set what payers are sent (administrators)',
    description: 'Replaces the whole settings. A channel this service cannot send (no SMS provider, no mail server, outside the sandbox) answers 422 `channel_not_configured`. Recorded in the audit log.',
    // The role is checked before the body: a caller without it learns 403, never which fields were wrong (docs/roles.md).
    middleware: [adminOnly],
    security: bearerSecurity,
    request: { body: jsonBody(NotificationSettingsRequest) },
    responses: { 200: jsonResponse(NotificationSettings, 'The settings.'), ...problems(400, 401, 403, 415, 422) },
  }),
  list: createRoute({
    method: 'get',
    path: '/merchants/me/messages',
    tags,
    summary: 'Messages sent to payers, newest first: sent, queued, retrying and failed',
    description: 'Keyset pages: the next page is in the `Link: <…>; rel="next"` header.',
    security: bearerSecurity,
    request: { query: MessageListQuery },
    responses: { 200: jsonResponse(Message.array(), 'A page of messages.'), ...problems(401, 422) },
  }),
  get: createRoute({
    method: 'get',
    path: '/merchants/me/messages/{messageId}',
    tags,
    summary: 'One message',
    security: bearerSecurity,
    request: { params: MessageParams },
    responses: { 200: jsonResponse(Message, 'The message.'), ...problems(401, 404) },
  }),
  retry: createRoute({
    method: 'post',
    path: '/merchants/me/messages/{messageId}/retry',
    tags,
    summary: 'Send a failed message again',
    description: 'A FAILED or RETRYING message goes back to QUEUED and is sent now; any other answers 409 `message_not_failed`. SUPPORT users cannot.',
    security: bearerSecurity,
    request: { params: MessageParams },
    responses: { 202: jsonResponse(Message, 'The message, QUEUED.'), ...problems(401, 403, 404, 409, 422) },
  }),
  sendBill: createRoute({
    method: 'post',
    path: '/merchants/me/expected-payments/{expectedPaymentId}/send',
    tags,
    summary: 'Send the bill\'s payer link to its customer',
    description:
      'One message per channel, in the merchant\'s language, with the payer page\'s link; sent after the answer (202) by the job queue. 409 `bill_not_open` for a bill no longer waiting for money, 409 `bill_has_no_customer`; 422 `channel_unavailable` when the customer has no email address or the channel has no provider. SUPPORT users cannot.',
    security: bearerSecurity,
    request: { params: SendBillParams, body: jsonBody(SendBillRequest) },
    responses: { 202: jsonResponse(SentMessages, 'The messages, QUEUED.'), ...problems(400, 401, 403, 404, 409, 415, 422) },
  }),
  outbox: createRoute({
    method: 'get',
    path: '/merchants/me/sandbox/messages',
    tags: ['Sandbox'],
    summary: 'The sandbox outbox: messages that would have been sent (sandbox only)',
    description: 'In the sandbox, a channel without a provider sends nothing: its messages are kept here, newest first, with status OUTBOX. 404 when the sandbox is off.',
    security: bearerSecurity,
    request: { query: MessageListQuery },
    responses: { 200: jsonResponse(Message.array(), 'A page of messages.'), ...problems(401, 404, 422) },
  }),
};
