'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { PromptView } from '@/components/stk/types';
import { firstErrors, refusalState, trimmed, typedValues, type CreateFormState } from '@/components/ui/form-state';
import { isServiceError } from '@/lib/portal/errors';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { stkRoutes } from '@/lib/stk/routes';
import { StkInitiateRequest } from '@/lib/stk/schemas';
import { findPromptView, promptView } from './prompt-view';
import { assertSubmittedForm } from '@/lib/portal/forms';

const fields = ['phone', 'amount'] as const;
type Field = (typeof fields)[number];

export type SendPromptState = CreateFormState<Field> & { prompt?: PromptView };

/** Whom the prompt pays: a bill, a customer's account, or an account by its number. */
const target = z.discriminatedUnion('targetType', [
  z.object({ targetType: z.literal('bill'), targetId: z.uuid() }),
  z.object({ targetType: z.literal('customer'), targetId: z.uuid() }),
  z.object({ targetType: z.literal('account'), targetId: z.string().regex(/^[0-9]{1,64}$/) }),
]);
type Target = z.infer<typeof target>;

const targetField = (to: Target) =>
  to.targetType === 'bill' ? { expectedPaymentId: to.targetId } : to.targetType === 'customer' ? { customerId: to.targetId } : { accountNumber: to.targetId };

const gone: Record<Target['targetType'], string> = {
  bill: 'This bill no longer exists.',
  customer: 'This customer no longer exists, or has no account number yet.',
  account: 'This account no longer exists.',
};

/** What the portal checks itself, in its own words; the service's schema checks the rest (the phone number's forms among them). */
const promptForm = z.object({
  phone: z.string().min(1, "Enter the payer's M-Pesa number, such as 0712 345 678."),
  amount: z
    .string()
    .min(1, 'Enter the amount to ask for.')
    .regex(/^[0-9]+$/, 'M-Pesa prompts ask for whole shillings: enter an amount such as 1500, without cents.'),
});

/**
 * Sends an M-Pesa prompt to the payer's phone. The answer is the prompt, PENDING: the form then
 * follows it until the payer pays, declines or lets it lapse.
 */
export async function sendPrompt(_previous: SendPromptState, formData: FormData): Promise<SendPromptState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  const values = typedValues(formData, fields);
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot send payment prompts.', values };
  const idempotencyKey = z.uuid().safeParse(formData.get('idempotencyKey'));
  const to = target.safeParse({ targetType: formData.get('targetType'), targetId: formData.get('targetId') });
  if (!idempotencyKey.success || !to.success) return { message: 'This form is out of date. Reload the page and try again.', values };

  const form = trimmed(fields, values);
  // The service takes the number as typed (0712…, +254…, 254…) and answers in which forms it may be.
  const typed = { phone: form.phone, amount: form.amount.replace(/[,\s]/g, '') };
  const request = { phone: typed.phone, amount: /^[0-9]+$/.test(typed.amount) ? Number(typed.amount) : Number.NaN, ...targetField(to.data) };
  const errors = firstErrors(fields, promptForm.safeParse(typed), StkInitiateRequest.safeParse(request));
  if (errors) return { errors, message: 'Check the highlighted fields.', values };

  const client = portalClient(session);
  try {
    const prompt = await client.call(stkRoutes.initiate, { json: request, headers: { 'Idempotency-Key': idempotencyKey.data } });
    // The next prompt is a new one, even to the same phone for the same amount.
    return { prompt: await promptView(client, prompt), values, idempotencyKey: crypto.randomUUID() };
  } catch (error) {
    if (isServiceError(error)) {
      if (error.code === 'payment_rejected') return { message: `This payment cannot be taken: ${error.detail ?? 'the account refuses it.'}`, values };
      if (error.code === 'stk_refused') return { message: `M-Pesa refused the prompt: ${error.detail ?? 'try again in a minute.'}`, values };
      if (error.code === 'stk_provider_unavailable') return { message: 'M-Pesa could not be reached. Try again in a minute.', values };
      if (error.code === 'stk_not_configured') return { message: 'Payment prompts are not set up on this deployment.', values };
    }
    const refused = refusalState(error, fields, values);
    if (refused) return refused;
    if (isServiceError(error) && error.status === 404) return { message: gone[to.data.targetType], values, idempotencyKey: crypto.randomUUID() };
    throw error;
  }
}

/** A prompt's current state, for the status panel's polling. Null when it is not the caller's. */
export async function promptStatus(initiationId: string): Promise<PromptView | null> {
  const session = await requireSession();
  const id = z.uuid().safeParse(initiationId);
  if (!id.success) return null;
  return findPromptView(portalClient(session), id.data);
}

/** What became of a "send again": an error in words, or nothing (the action redirects on success). */
export interface ResendState {
  message?: string;
}

/** Prompts that ended without payment: the payer cancelled (a FAILED prompt), it failed, or it timed out. */
const resendable = new Set(['FAILED', 'TIMED_OUT']);

/**
 * Sends a prompt that ended without payment again: a new prompt to the same phone, for the same
 * amount and the same bill, customer or account. The page's idempotency key makes a double
 * click one prompt. On success the new prompt's page opens, following it live.
 */
export async function sendAgain(_previous: ResendState, formData: FormData): Promise<ResendState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot send payment prompts.' };
  const initiationId = z.uuid().safeParse(formData.get('initiationId'));
  const idempotencyKey = z.uuid().safeParse(formData.get('idempotencyKey'));
  if (!initiationId.success || !idempotencyKey.success) return { message: 'This page is out of date. Reload it and try again.' };
  const client = portalClient(session);
  let sent: string;
  try {
    const prompt = await client.call(stkRoutes.get, { params: { initiationId: initiationId.data } });
    if (!resendable.has(prompt.status)) return { message: 'Only a prompt that failed, was cancelled or timed out can be sent again.' };
    const to = prompt.expectedPaymentId
      ? { expectedPaymentId: prompt.expectedPaymentId }
      : prompt.customerId
        ? { customerId: prompt.customerId }
        : { accountNumber: prompt.accountNumber };
    const again = await client.call(stkRoutes.initiate, {
      json: { phone: prompt.phone, amount: prompt.amount, ...to },
      headers: { 'Idempotency-Key': idempotencyKey.data },
    });
    sent = again.id;
  } catch (error) {
    if (isServiceError(error)) {
      if (error.code === 'payment_rejected') return { message: `This payment cannot be taken any more: ${error.detail ?? 'the account refuses it.'}` };
      if (error.code === 'stk_refused') return { message: `M-Pesa refused the prompt: ${error.detail ?? 'try again in a minute.'}` };
      if (error.code === 'stk_provider_unavailable') return { message: 'M-Pesa could not be reached. Try again in a minute.' };
      if (error.status === 404) return { message: 'Its bill, customer or account no longer exists.' };
      if (error.status === 409 || error.status === 422) return { message: error.detail ?? 'The service refused the prompt.' };
    }
    throw error;
  }
  redirect(`/stk/${sent}`);
}
