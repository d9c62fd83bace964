'use server';

import { redirect } from 'next/navigation';
import { refresh } from 'next/cache';
import { z } from 'zod';
import { parseBalanceKey } from '@/components/settlements/balance-key';
import { accountDestination } from '@/components/settlements/words';
import type { InlineActionState } from '@/components/team/inline-action';
import { refusalState, trimmed, typedValues } from '@/components/ui/form-state';
import { amountProblem, decimalText, toUnits } from '@/lib/money/decimal';
import { sandboxEnabled } from '@/lib/platform/config';
import { refusalMessage } from '@/lib/portal/admin-action';
import { isServiceError } from '@/lib/portal/errors';
import { assertSubmittedForm } from '@/lib/portal/forms';
import { formatMoney } from '@/lib/portal/money';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession, type PortalSession } from '@/lib/portal/session';
import { settlementRoutes } from '@/lib/settlement/routes';
import { payoutFields, type PayoutState } from './payout-state';

const OUT_OF_DATE = 'This form is out of date. Reload the page and try again.';
const READ_ONLY = 'You have read-only access, so you cannot pay out.';

/** Thousands separators are how people write amounts; they are not part of the number. */
const amountText = (typed: string) => decimalText(typed.replace(/[,\s]/g, ''));

/**
 * The confirmation: how much (all that is available, or up to the amount typed) and where it goes
 * (the active account's masked destination), read from the service now rather than from the page.
 */
async function preview(session: PortalSession, form: Record<(typeof payoutFields)[number], string>, values: PayoutState['values']): Promise<PayoutState> {
  const target = parseBalanceKey(form.balance);
  if (!target) return { errors: { balance: ['Choose the balance to pay out.'] }, message: 'Check the highlighted fields.', values };
  const amount = form.amount ? amountText(form.amount) : undefined;
  if (form.amount) {
    const problem = amount === undefined ? 'Enter an amount like 5000 or 5000.50.' : amountProblem(amount, target.currency);
    if (problem) return { errors: { amount: [problem] }, message: 'Check the highlighted fields.', values };
  }
  const client = portalClient(session);
  const [balances, accounts] = await Promise.all([client.call(settlementRoutes.balances), client.call(settlementRoutes.listAccounts)]);
  const balance = balances.data.find((candidate) => candidate.currency === target.currency && (candidate.subMerchantId ?? undefined) === target.subMerchantId);
  const account = accounts.data.find((candidate) => candidate.id === balance?.settlementAccountId);
  if (!balance || !account) {
    return { message: `There is no active settlement account for this balance yet. Add one under "Settlement accounts and schedule".`, values };
  }
  const available = toUnits(String(balance.available));
  if (available <= 0n) return { message: `Nothing is available to pay out in ${balance.currency} now.`, values };
  const ceiling = amount !== undefined && toUnits(amount) < available;
  return {
    values,
    preview: {
      amountText: ceiling ? `up to ${formatMoney(amount, balance.currency)}` : formatMoney(balance.available, balance.currency),
      destination: accountDestination(account),
      ceiling,
    },
  };
}

/**
 * "Pay out now", in two steps: `review` answers the confirmation (nothing is sent); `confirm`
 * sends it with the Idempotency-Key made when the page was rendered, so a double submission
 * (or a retry after a lost answer) pays once; `edit` goes back to the form.
 */
export async function payOut(_previous: PayoutState, formData: FormData): Promise<PayoutState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  const values = typedValues(formData, payoutFields);
  if (!canWrite(session.user)) return { message: READ_ONLY, values };
  const form = trimmed(payoutFields, values);
  const intent = formData.get('intent');
  if (intent === 'edit') return { values };
  if (intent !== 'confirm') return preview(session, form, values);

  const idempotencyKey = z.uuid().safeParse(formData.get('idempotencyKey'));
  const target = parseBalanceKey(form.balance);
  if (!idempotencyKey.success || !target) return { message: OUT_OF_DATE, values };
  const amount = form.amount ? amountText(form.amount) : undefined;
  let settlementId: string;
  try {
    const created = await portalClient(session).call(settlementRoutes.create, {
      json: { currency: target.currency, amount, subMerchantId: target.subMerchantId },
      headers: { 'Idempotency-Key': idempotencyKey.data },
    });
    settlementId = created.id;
  } catch (error) {
    if (isServiceError(error) && (error.code === 'nothing_to_settle' || error.code === 'no_settlement_account')) {
      // The service keeps this answer under the key: a corrected form goes with a new one.
      return { message: error.detail ?? error.title, values, idempotencyKey: crypto.randomUUID() };
    }
    const refused = refusalState(error, payoutFields, values);
    if (refused) return refused;
    return { message: refusalMessage(error), values };
  }
  redirect(`/settlements/${settlementId}`);
}

/** Sandbox only: the rail's answer, forced, so that a failure or a return can be tried. */
export async function forceOutcome(_previous: InlineActionState, formData: FormData): Promise<InlineActionState> {
  assertSubmittedForm(formData);
  const session = await requireSession();
  if (!canWrite(session.user)) return { message: 'You have read-only access, so you cannot change a settlement.' };
  if (!sandboxEnabled()) return { message: 'Outcomes can only be forced in the sandbox, which is off here.' };
  const settlementId = z.uuid().safeParse(formData.get('settlementId'));
  const outcome = z.enum(['PAID', 'FAILED', 'RETURNED']).safeParse(formData.get('outcome'));
  if (!settlementId.success || !outcome.success) return { message: OUT_OF_DATE };
  try {
    const settlement = await portalClient(session).call(settlementRoutes.sandboxOutcome, { params: { settlementId: settlementId.data }, json: { outcome: outcome.data } });
    refresh();
    return { ok: true, message: `Done: the settlement is now ${settlement.status.toLowerCase()}.` };
  } catch (error) {
    return { message: refusalMessage(error) };
  }
}
