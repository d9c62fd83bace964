'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { channelLabel, matchStatusText, referenceLabel } from '@/components/payments/payment-words';
import type { Payment } from '@/components/payments/types';
import { firstErrors, refusalState, trimmed, typedValues, type CreateFormState } from '@/components/ui/form-state';
import { decimalText } from '@/lib/money/decimal';
import { sandboxEnabled } from '@/lib/platform/config';
import { isServiceError } from '@/lib/portal/errors';
import { formatMoney } from '@/lib/portal/money';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { sandboxRoutes } from '@/lib/rails/sandbox-routes';
import { SandboxInboundPaymentRequest } from '@/lib/rails/schemas';
import { assertSubmittedForm } from '@/lib/portal/forms';

const fields = ['accountNumber', 'amount', 'channel', 'billReference', 'payerPhone', 'payerName', 'providerReference'] as const;
type Field = (typeof fields)[number];

/** The payment the sandbox recorded, as the form tells it. */
export interface SimulatedPayment {
  id: string;
  sentence: string;
  matchLabel: string;
  matchMeaning: string;
}

export type SimulatePaymentState = CreateFormState<Field> & {
  outcome?: 'recorded' | 'duplicate' | 'rejected';
  payment?: SimulatedPayment;
};

/** Thousands separators are how people write amounts; they are not part of the number. */
const amountText = (typed: string) => decimalText(typed.replace(/[,\s]/g, ''));

/** What the portal checks itself, in its own words; the service's schema checks the rest. */
const simulateForm = z.object({
  accountNumber: z.string().min(1, 'Enter the account number the payer pays into.'),
  amount: z
    .string()
    .min(1, 'Enter the amount paid.')
    .refine((typed) => amountText(typed) !== undefined, 'Enter an amount like 1500 or 1500.50.'),
  channel: z.enum(['MOBILE_MONEY', 'INSTANT_BANK', 'RTGS'], { error: 'Choose how the payment comes.' }),
});

function simulateRequest(form: Record<Field, string>) {
  const amount = amountText(form.amount);
  return {
    accountNumber: form.accountNumber,
    amount: amount === undefined ? Number.NaN : Number(amount),
    channel: form.channel as z.infer<typeof simulateForm>['channel'],
    billReference: form.billReference || undefined,
    payerPhone: form.payerPhone || undefined,
    payerName: form.payerName || undefined,
    providerReference: form.providerReference || undefined,
  };
}

const simulated = (payment: Payment): SimulatedPayment => ({
  id: payment.id,
  sentence: `${formatMoney(payment.amount, payment.currency)} by ${channelLabel[payment.channel]} into ${payment.accountNumber}, ${referenceLabel(payment.channel).toLowerCase()} ${payment.providerReference}.`,
  matchLabel: matchStatusText[payment.matchStatus].label,
  matchMeaning: matchStatusText[payment.matchStatus].meaning,
});

/**
 * Sandbox only: a payment arrives as the rail would deliver it, through the real validation and
 * confirmation. The page then refreshes, so balances and bills show what the payment did.
 */
export async function simulatePayment(_previous: SimulatePaymentState, formData: FormData): Promise<SimulatePaymentState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  const values = typedValues(formData, fields);
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot simulate payments.', values };
  if (!sandboxEnabled()) return { message: 'Payments can only be simulated in the sandbox, which is off here.', values };
  const idempotencyKey = z.uuid().safeParse(formData.get('idempotencyKey'));
  if (!idempotencyKey.success) return { message: 'This form is out of date. Reload the page and try again.', values };

  const form = trimmed(fields, values);
  const request = simulateRequest(form);
  const errors = firstErrors(fields, simulateForm.safeParse(form), SandboxInboundPaymentRequest.safeParse(request));
  if (errors) return { errors, message: 'Check the highlighted fields.', values };

  try {
    const answer = await portalClient(session).request(sandboxRoutes.inboundPayment, {
      json: request,
      headers: { 'Idempotency-Key': idempotencyKey.data },
    });
    refresh();
    const duplicate = answer.status === 200;
    return {
      outcome: duplicate ? 'duplicate' : 'recorded',
      message: duplicate
        ? 'This reference was recorded before, so nothing was credited again.'
        : `Payment recorded: ${simulated(answer.data).sentence}`,
      payment: simulated(answer.data),
      values,
      // The next payment is a new one, even with the same details.
      idempotencyKey: crypto.randomUUID(),
    };
  } catch (error) {
    if (isServiceError(error) && error.code === 'payment_rejected') {
      return { outcome: 'rejected', message: `The payment was refused: ${error.detail ?? 'the rail would not accept it.'}`, values };
    }
    const refused = refusalState(error, fields, values);
    if (refused) return refused;
    if (isServiceError(error) && error.status === 409) {
      return {
        errors: { providerReference: ['Another merchant has already used this reference. Leave it empty for a fresh one.'] },
        message: 'Check the highlighted fields.',
        values,
        idempotencyKey: crypto.randomUUID(),
      };
    }
    if (isServiceError(error) && error.status === 404) return { message: 'Payments can only be simulated in the sandbox, which is off here.', values };
    throw error;
  }
}
