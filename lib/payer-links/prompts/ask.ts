import type { z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { ApiError, notFound, unprocessable } from '@/lib/api/errors';
import { moneyJson, timestampJson } from '@/lib/api/serialize';
import { toUnits } from '@/lib/money/decimal';
import { owedText } from '@/lib/payment-options/build';
import { ofMerchant, type PaymentTarget } from '@/lib/payment-options/targets';
import { db } from '@/lib/platform/db';
import { promptFor } from '@/lib/stk/initiate';
import { configuredProvider } from '@/lib/stk/providers';
import { stkInitiations } from '@/lib/stk/schema';
import type { StkRow } from '@/lib/stk/serialize';
import type { StkTarget } from '@/lib/stk/target';
import { closedBecause } from '../public-page';
import { targetOfLink } from '../queries';
import { payerLinks } from '../schema';
import type { PayerPrompt, PayerPromptRequest } from './schemas';
import { admitPayerPrompt } from './throttle';

const UNITS_PER_SHILLING = 10_000n;

/** What the prompt asks for: a bill's amount still due in whole shillings (cents rounded up, docs/payers.md), else the payer's. */
function promptAmount(target: PaymentTarget, typed: number | undefined): number {
  if (target.bill) {
    if (typed !== undefined) {
      throw unprocessable('A bill\'s prompt asks for what is still due on it: leave the amount out.', [
        { path: 'amount', message: 'Leave it out: the prompt asks for what is still due on the bill.' },
      ]);
    }
    const units = toUnits(owedText(target.bill));
    return Number((units + UNITS_PER_SHILLING - 1n) / UNITS_PER_SHILLING);
  }
  if (typed === undefined) throw unprocessable('Say how much to pay.', [{ path: 'amount', message: 'Required: how many shillings to pay.' }]);
  return typed;
}

const stkTargetOf = (target: PaymentTarget): StkTarget => ({
  account: target.account,
  expectedPaymentId: target.bill?.id ?? null,
  billReference: target.bill?.paymentReference ?? null,
  customerId: target.customer?.id ?? target.bill?.customerId ?? null,
  subMerchantId: target.bill?.subMerchantId ?? target.customer?.subMerchantId ?? target.account.subMerchantId,
  currency: target.bill?.currency ?? target.account.currency,
});

const tooMany = (seconds: number) =>
  new ApiError(429, 'too_many_prompts', 'Too many prompts', `Too many M-Pesa prompts were asked for just now. Try again in ${seconds} seconds, or pay through the Pay Bill menu.`, {
    retryAfter: seconds,
    headers: { 'Retry-After': String(seconds) },
  });

async function linkOf(token: string) {
  const [link] = await db().select().from(payerLinks).where(eq(payerLinks.token, token));
  if (!link) throw notFound('The payment link');
  return link;
}

/**
 * A phone prompt the payer asks for from their payer link: for what a bill still owes, or the
 * amount they typed for an account. Refused for a link that can no longer be paid, and beyond the
 * limits (throttle.ts), before anything is sent.
 */
export async function askPayerPrompt(token: string, input: z.infer<typeof PayerPromptRequest>, address: string, now = new Date()): Promise<StkRow> {
  const provider = configuredProvider();
  const link = await linkOf(token);
  const target = await targetOfLink(ofMerchant(link.merchantId), link.targetType, link.targetId);
  const closed = closedBecause(target, now);
  if (closed) throw new ApiError(410, 'payer_link_closed', 'No longer payable', `${closed} No M-Pesa prompt was sent.`);
  const amount = promptAmount(target, input.amount);
  const wait = await admitPayerPrompt({ linkToken: token, phone: input.phone, address });
  if (wait > 0) throw tooMany(wait);
  return promptFor(link.merchantId, stkTargetOf(target), { phone: input.phone, amount, description: target.bill ? `Bill ${target.bill.paymentReference}` : undefined }, provider, {
    payerLinkToken: token,
  });
}

/** A prompt asked for from this link, and only from it: the token scopes the lookup. */
export async function payerPromptOf(token: string, initiationId: string): Promise<StkRow> {
  const [row] = await db()
    .select()
    .from(stkInitiations)
    .where(and(eq(stkInitiations.id, initiationId), eq(stkInitiations.payerLinkToken, token)));
  if (!row) throw notFound('The prompt');
  return row;
}

const hidden = (phone: string) => `${phone.slice(0, 4)}${'*'.repeat(Math.max(0, phone.length - 6))}${phone.slice(-2)}`;

export const payerPromptPath = (token: string, initiationId: string) => `/api/v1/pay/${token}/stk/${initiationId}`;

export const payerPromptJson = (token: string, row: StkRow): z.infer<typeof PayerPrompt> => ({
  id: row.id,
  status: row.status,
  amount: moneyJson(row.amount),
  phone: hidden(row.phone),
  failureReason: row.failureReason,
  createdAt: timestampJson(row.createdAt),
  statusUrl: payerPromptPath(token, row.id),
});
