import type { Task } from 'graphile-worker';
import { and, eq, sql } from 'drizzle-orm';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { darajaPost, type DarajaAnswer } from '@/lib/stk/daraja-client';
import { StkProviderError } from '@/lib/stk/provider';
import { settlementAccounts, settlements, type SettlementRow } from '../schema';
import { markFailed, markProcessing } from '../transitions';
import { payoutRequest, wholeShillings } from './daraja-request';
import { PayoutNotConfigured, payoutSettings } from './daraja-settings';

/**
 * Takes the settlement for sending, once: the PENDING → PROCESSING transition is the claim. Of two
 * jobs (a job run twice, two instances) exactly one moves it; the other, and any later retry, sends
 * nothing. It is PROCESSING before the request leaves, so a request whose outcome is unknown (no
 * acknowledgement, the process stopping) is never sent again: Transaction Status is asked instead
 * (status.ts). A settlement still PENDING was certainly never sent.
 */
async function claim(settlement: { id: string; rail: string }): Promise<SettlementRow | undefined> {
  // B2C v3 carries our own OriginatorConversationID: the settlement's id, known before any answer.
  const taken = await markProcessing(settlement.id, { originatorConversationId: settlement.rail === 'MPESA_B2C' ? settlement.id : null });
  if (!taken?.changed) return undefined;
  const [counted] = await db()
    .update(settlements)
    .set({ attempts: sql`${settlements.attempts} + 1` })
    .where(eq(settlements.id, settlement.id))
    .returning();
  return counted;
}

/** Daraja refused the request itself: nothing will be paid, its own words say why. */
const refusalReason = (answer: DarajaAnswer) =>
  `M-Pesa refused the payout request (${String(answer.body.errorCode ?? answer.body.ResponseCode ?? `HTTP ${answer.status}`)}): ${String(answer.body.errorMessage ?? answer.body.ResponseDescription ?? 'no reason given')}`;

/** An answer that says for certain the request was not taken: a 4xx refusal, or a non-zero ResponseCode. */
const refused = (answer: DarajaAnswer) => (answer.status >= 400 && answer.status < 500) || (answer.status === 200 && String(answer.body.ResponseCode ?? '') !== '0');

/**
 * Sends an M-Pesa settlement through Daraja (B2C to a phone, B2B to a paybill). Daraja's
 * acknowledgement makes it PROCESSING with the conversation ids its Result will quote; a refusal,
 * or anything that stops the request from leaving (no credentials, cents M-Pesa cannot move), fails
 * it at once and the money is back in `available`. No answer at all (a timeout, a 5xx) leaves it
 * PROCESSING: the request may have been taken, so it is never sent again; the sweep asks
 * Transaction Status after a while (status.ts).
 */
export async function sendDarajaPayout(settlementId: string): Promise<void> {
  const [pending] = await db().select({ id: settlements.id, rail: settlements.rail }).from(settlements).where(and(eq(settlements.id, settlementId), eq(settlements.status, 'PENDING')));
  if (!pending || (pending.rail !== 'MPESA_B2C' && pending.rail !== 'MPESA_B2B')) return;
  const settlement = await claim(pending);
  if (!settlement) return;
  const fail = (reason: string) => markFailed(settlement.id, reason);
  const amount = wholeShillings(settlement.amount);
  if (amount === undefined) return void (await fail(`M-Pesa pays whole shillings only; ${settlement.amount} has cents. Nothing was sent.`));
  const [account] = await db().select().from(settlementAccounts).where(eq(settlementAccounts.id, settlement.settlementAccountId));
  if (!account) return void (await fail('The settlement account is missing. Nothing was sent.'));
  let settings;
  try {
    settings = payoutSettings();
  } catch (error) {
    if (error instanceof PayoutNotConfigured) return void (await fail(error.message));
    throw error;
  }
  const request = await payoutRequest(settings, settlement, account, amount);

  let answer: DarajaAnswer;
  try {
    answer = await darajaPost(settings.client, request.path, request.body);
  } catch (error) {
    // Daraja refused our consumer key before anything was sent: certain, nothing left.
    if (error instanceof StkProviderError) return void (await fail(`M-Pesa refused the service's API keys (${error.code}). Nothing was sent.`));
    logger().warn({ settlementId, err: error }, 'Daraja payout request without an answer: its outcome is asked with Transaction Status, never sent again');
    return;
  }
  if (refused(answer)) return void (await fail(refusalReason(answer)));
  if (answer.status !== 200) {
    logger().warn({ settlementId, status: answer.status }, 'Daraja payout request answered without an acknowledgement: its outcome is asked with Transaction Status');
    return;
  }
  const originator = String(answer.body.OriginatorConversationID ?? '') || null;
  const conversation = String(answer.body.ConversationID ?? '') || null;
  // A Result may already have settled it: only the ids are stored, whatever the status now.
  await db()
    .update(settlements)
    .set({ originatorConversationId: originator ?? settlement.id, conversationId: conversation })
    .where(eq(settlements.id, settlement.id));
}

export const sendDarajaPayoutTask: Task = async (payload) => {
  const { settlementId } = payload as { settlementId: string };
  await sendDarajaPayout(settlementId);
};
