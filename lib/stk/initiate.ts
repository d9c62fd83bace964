import { ApiError } from '@/lib/api/errors';
import type { Principal } from '@/lib/auth/principal';
import { enqueue } from '@/lib/platform/jobs/queue';
import { channelCarries, channelNames, channelsCarrying } from '@/lib/money/channels';
import { checkInbound } from '@/lib/payments/ingest';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { paymentRejected } from '@/lib/rails/payment-rejected';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import { firstCheckAt, STK_CHECK_TASK } from './check';
import { StkProviderError, type PromptIds, type PromptRequest } from './provider';
import { configuredProvider, providerFor, type ProviderName } from './providers';
import { stkInitiations } from './schema';
import type { StkInitiateInput } from './schemas';
import type { StkRow } from './serialize';
import { stkTarget, type StkTarget } from './target';
import { recordAudit } from '@/lib/audit/record';
import { formatMoney } from '@/lib/money/decimal';

/** Where Daraja posts the outcome. Holds the callback secret: never logged. */
async function callbackUrl(): Promise<string> {
  const settings = config();
  const base = (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/+$/, '');
  return `${base}/api/v1/rails/daraja/stk/callback?token=${encodeURIComponent(await mpesaCallbackSecret())}`;
}

async function sendPrompt(name: ProviderName, request: PromptRequest): Promise<PromptIds> {
  try {
    return await providerFor(name).initiate(request);
  } catch (error) {
    logger().warn({ provider: name, code: error instanceof StkProviderError ? error.code : undefined, err: error }, 'STK push not accepted');
    if (error instanceof StkProviderError && error.refused) {
      throw new ApiError(422, 'stk_refused', 'Prompt refused', 'M-Pesa refused to send this prompt; check the phone number and the amount.');
    }
    throw new ApiError(502, 'stk_provider_unavailable', 'M-Pesa unavailable', 'M-Pesa could not be reached to send the prompt; try again in a moment.');
  }
}

/** A prompt is an M-Pesa payment, and M-Pesa moves only KES (lib/money/channels.ts). */
const notKes = (currency: string, what: 'bill' | 'account') =>
  new ApiError(
    422,
    'payment_rejected',
    'Payment rejected',
    `Phone prompts are M-Pesa payments, which carry only KES, and this ${what} is in ${currency}: give the payer its payment instructions (${channelsCarrying(currency).map((channel) => channelNames[channel]).join(' or ') || 'none can carry it'}) instead.`,
    { reason: 'WRONG_CURRENCY' },
  );

/**
 * Sends a phone prompt for a payment the target could take now, then records it with its status
 * check queued in the same transaction: the prompt is followed up even if no callback ever comes.
 */
export async function initiateStk(principal: Principal, input: StkInitiateInput): Promise<StkRow> {
  const provider = configuredProvider();
  return promptFor(principal.merchantId, await stkTarget(principal, input), input, provider);
}

/** Who asked: the merchant (their user or key, from the request), or a payer from a payer link. */
export interface PromptOrigin {
  payerLinkToken: string;
}

/**
 * Sends and records a prompt for a target already looked up for this merchant: the merchant's own
 * prompts (above), and those a payer asks for from a payer link (lib/payer-links/prompts).
 */
export async function promptFor(
  merchantId: string,
  target: StkTarget,
  input: Pick<StkInitiateInput, 'phone' | 'amount' | 'description'>,
  provider = configuredProvider(),
  origin?: PromptOrigin,
): Promise<StkRow> {
  if (!channelCarries('MOBILE_MONEY', target.currency)) throw notKes(target.currency, target.expectedPaymentId ? 'bill' : 'account');
  const amount = String(input.amount);
  const check = await checkInbound({
    rail: 'MPESA',
    channel: 'MOBILE_MONEY',
    providerReference: 'phone-prompt',
    accountReference: target.account.accountNumber,
    billReference: target.billReference,
    amount,
    currency: 'KES',
    receivedAt: new Date(),
    merchantId,
  });
  if (!check.ok) throw paymentRejected(check.reason);

  const ids = await sendPrompt(provider, {
    phone: input.phone,
    amount: input.amount,
    accountReference: target.account.accountNumber,
    description: input.description ?? 'Payment',
    callbackUrl: await callbackUrl(),
  });
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(stkInitiations)
      .values({
        merchantId,
        subMerchantId: target.subMerchantId,
        virtualAccountId: target.account.id,
        accountNumber: target.account.accountNumber,
        expectedPaymentId: target.expectedPaymentId,
        customerId: target.customerId,
        phone: input.phone,
        amount,
        description: input.description ?? null,
        provider,
        checkoutRequestId: ids.checkoutRequestId,
        merchantRequestId: ids.merchantRequestId,
        payerLinkToken: origin?.payerLinkToken ?? null,
      })
      .returning();
    await enqueue(tx, STK_CHECK_TASK, { initiationId: row!.id }, { runAt: firstCheckAt(row!.createdAt), jobKey: `${STK_CHECK_TASK}:${row!.id}` });
    // The phone number is the payer's: the entry names the account and amount, not who was asked.
    await recordAudit(tx, {
      merchantId,
      ...(origin && { actor: { type: 'anonymous' as const, id: null, label: 'payer' } }),
      action: 'stk.prompt_sent',
      target: { type: 'stk_initiation', id: row!.id },
      summary: `Phone prompt for ${formatMoney(amount, target.account.currency)} sent for account ${target.account.accountNumber}${origin ? ', asked by the payer from their payer link' : ''}.`,
    });
    return row!;
  });
}
