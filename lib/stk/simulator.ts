import { randomBytes, randomInt } from 'node:crypto';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { toDarajaTime } from '@/lib/rails/nairobi-time';
import { receiptFor } from '@/lib/rails/references';
import { handleStkCallback } from './callback';
import { stkCallbackBody } from './callback-format';
import type { PromptIds, PromptRequest, PromptResult, StkProvider } from './provider';
import { initiationByCheckout } from './queries';
import type { StkRow } from './serialize';

/** How long the simulated payer takes to answer. */
export const SIMULATED_ANSWER_MS = 2_500;

type Scenario = { resultCode: string; resultDesc: string; callback: boolean } | 'never';

/** Sandbox test numbers (docs/rails.md); any other number pays. */
export const SIMULATOR_TEST_NUMBERS: Record<string, Scenario> = {
  '254700000001': { resultCode: '1032', resultDesc: 'Request cancelled by user', callback: true },
  '254700000002': { resultCode: '1', resultDesc: 'The balance is insufficient for the transaction.', callback: true },
  '254700000003': { resultCode: '2001', resultDesc: 'The initiator information is invalid.', callback: true },
  // An unreachable phone sends no callback: only the status check learns the outcome.
  '254700000004': { resultCode: '1037', resultDesc: 'DS timeout user cannot be reached', callback: false },
  '254700000005': { resultCode: '1019', resultDesc: 'Transaction has expired', callback: true },
  // No answer at all, ever: the prompt times out.
  '254700000006': 'never',
};

const SUCCESS = { resultCode: '0', resultDesc: 'The service request is processed successfully.', callback: true };

/**
 * What the simulated payer does, decided by the stored prompt alone (its phone, amount and
 * CheckoutRequestID), so a restart, a callback and a status check all tell the same story and a
 * success carries the same receipt every time.
 */
function simulatedResult(row: StkRow): (PromptResult & { callback: boolean }) | 'never' {
  const scenario = SIMULATOR_TEST_NUMBERS[row.phone] ?? SUCCESS;
  if (scenario === 'never') return 'never';
  if (scenario.resultCode !== '0') return scenario;
  return {
    ...scenario,
    receipt: receiptFor(row.checkoutRequestId ?? row.id),
    amount: row.amount,
    phone: row.phone,
    paidAt: new Date(row.createdAt.getTime() + SIMULATED_ANSWER_MS),
  };
}

async function answerLikeDaraja(checkoutRequestId: string) {
  const row = await initiationByCheckout(db(), checkoutRequestId);
  if (!row) return;
  const result = simulatedResult(row);
  if (result === 'never' || !result.callback) return;
  await handleStkCallback(stkCallbackBody({ checkoutRequestId, merchantRequestId: row.merchantRequestId ?? '' }, result));
}

const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');

export const simulatorProvider: StkProvider = {
  async initiate(_request: PromptRequest): Promise<PromptIds> {
    const ids = {
      checkoutRequestId: `ws_CO_${toDarajaTime(new Date())}${digits(10)}`,
      merchantRequestId: `${randomBytes(2).readUInt16BE()}-${digits(8)}-1`,
    };
    // Not kept alive for this: a process that stops first leaves the answer to the status check.
    setTimeout(() => {
      answerLikeDaraja(ids.checkoutRequestId).catch((error) => logger().error({ err: error, checkoutRequestId: ids.checkoutRequestId }, 'simulated STK callback failed'));
    }, SIMULATED_ANSWER_MS).unref();
    return ids;
  },

  async query(checkoutRequestId: string, now = new Date()): Promise<PromptResult | 'pending'> {
    const row = await initiationByCheckout(db(), checkoutRequestId);
    if (!row || now.getTime() < row.createdAt.getTime() + SIMULATED_ANSWER_MS) return 'pending';
    const result = simulatedResult(row);
    return result === 'never' ? 'pending' : result;
  },
};
