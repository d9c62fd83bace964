'use server';

import { displayPhone } from '@/lib/platform/phone';
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { messageRoutes } from '@/lib/messages/routes';
import { NotificationSettingsRequest } from '@/lib/messages/schemas';
import { NOT_ADMIN, refusalMessage, requireAdminSession } from '@/lib/portal/admin-action';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm } from '@/lib/portal/forms';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';

export interface MessageFormState {
  ok?: boolean;
  message?: string;
  errors?: Record<string, string[]>;
}

const channelsOf = (formData: FormData, name: string) => formData.getAll(name).filter((value): value is 'SMS' | 'EMAIL' => value === 'SMS' || value === 'EMAIL');

function fieldErrors(issues: { path: readonly PropertyKey[]; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[String(issue.path[0] ?? 'form')] ??= []).push(issue.message);
  return errors;
}

/** Saves what payers are sent (administrators); the service checks the role again. */
export async function saveNotificationSettings(_previous: MessageFormState, formData: FormData): Promise<MessageFormState> {
  assertSubmittedForm(formData);
  const session = await requireAdminSession();
  if (!session) return { message: NOT_ADMIN };
  const days = String(formData.get('reminderDaysBefore') ?? '').trim();
  const request = {
    receiptChannels: channelsOf(formData, 'receiptChannels'),
    language: formData.get('language') === 'sw' ? ('sw' as const) : ('en' as const),
    displayName: String(formData.get('displayName') ?? '').trim().slice(0, 100) || null,
    reminderDaysBefore: days ? Number(days) : null,
    reminderChannels: channelsOf(formData, 'reminderChannels'),
  };
  const parsed = NotificationSettingsRequest.safeParse(request);
  if (!parsed.success) return { errors: fieldErrors(parsed.error.issues), message: 'Check the highlighted fields.' };
  try {
    await portalClient(session).call(messageRoutes.putSettings, { json: request });
  } catch (error) {
    if (isServiceError(error) && error.status === 422) return { message: error.detail ?? 'Check the highlighted fields.' };
    return { message: refusalMessage(error) };
  }
  revalidatePath('/messages');
  return { ok: true, message: 'Saved. Messages from now on follow these settings.' };
}

/** Sends a failed message again now. */
export async function retryMessage(_previous: MessageFormState, formData: FormData): Promise<MessageFormState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot send messages.' };
  const messageId = z.uuid().safeParse(formData.get('messageId'));
  if (!messageId.success) return { message: 'This form is out of date. Reload the page and try again.' };
  try {
    await portalClient(session).call(messageRoutes.retry, { params: { messageId: messageId.data } });
  } catch (error) {
    return { message: refusalMessage(error) };
  }
  revalidatePath('/messages');
  return { ok: true, message: 'Queued: it is being sent again.' };
}

/** Sends a bill's payer link to its customer by the channels ticked. */
export async function sendBillToCustomer(_previous: MessageFormState, formData: FormData): Promise<MessageFormState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot send bills.' };
  const billId = z.uuid().safeParse(formData.get('billId'));
  if (!billId.success) return { message: 'This form is out of date. Reload the page and try again.' };
  // Made when the page was rendered: a double submission (or a retry after a lost answer) sends once.
  const idempotencyKey = z.uuid().safeParse(formData.get('idempotencyKey'));
  if (!idempotencyKey.success) return { message: 'This form is out of date. Reload the page and try again.' };
  const channels = channelsOf(formData, 'channels');
  if (channels.length === 0) return { errors: { channels: ['Choose SMS, email or both.'] }, message: 'Check the highlighted fields.' };
  try {
    const sent = await portalClient(session).call(messageRoutes.sendBill, { params: { expectedPaymentId: billId.data }, json: { channels }, headers: { 'Idempotency-Key': idempotencyKey.data } });
    revalidatePath(`/bills/${billId.data}`);
    return { ok: true, message: `Sent to ${sent.data.map((message) => (message.channel === 'SMS' ? displayPhone(message.to) : message.to)).join(' and ')}. Follow it under Messages.` };
  } catch (error) {
    if (isServiceError(error) && (error.status === 422 || error.status === 409)) return { message: error.errors?.map((problem) => problem.message).join(' ') || error.detail || 'The bill could not be sent.' };
    return { message: refusalMessage(error) };
  }
}
