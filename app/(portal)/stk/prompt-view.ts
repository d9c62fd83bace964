import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import type { Prompt, PromptView } from '@/components/stk/types';
import type { ServiceClient } from '@/lib/client';
import { isServiceError } from '@/lib/portal/errors';
import { formatMoney } from '@/lib/portal/money';
import { paymentRoutes } from '@/lib/payments/routes';
import { stkRoutes } from '@/lib/stk/routes';
import { displayPhone } from '@/lib/platform/phone';

const PROMPT_CURRENCY = 'KES';

/** The service words failures itself (docs/rails.md); these cover a prompt that has none. */
const fallback = {
  FAILED: 'M-Pesa did not complete the payment.',
  TIMED_OUT: 'M-Pesa gave no final answer in time; check with the payer before prompting again.',
};

/** The prompt in a merchant's words; a completed one is told with its M-Pesa receipt. */
export async function promptView(client: ServiceClient, prompt: Prompt): Promise<PromptView> {
  let headline: string;
  switch (prompt.status) {
    case 'PENDING':
      headline = 'Waiting for the payer to enter their M-Pesa PIN…';
      break;
    case 'COMPLETED': {
      // The receipt is a courtesy: without it the prompt still reads as paid, with its payment linked.
      const payment = prompt.paymentId
        ? await client.call(paymentRoutes.get, { params: { paymentId: prompt.paymentId } }).catch((error: unknown) => {
            unstable_rethrow(error);
            return null;
          })
        : null;
      headline = payment ? `Paid: receipt ${payment.providerReference}` : 'Paid.';
      break;
    }
    default:
      headline = prompt.failureReason ?? fallback[prompt.status];
  }
  return {
    id: prompt.id,
    status: prompt.status,
    headline,
    sentTo: `${formatMoney(prompt.amount, PROMPT_CURRENCY)} from ${displayPhone(prompt.phone)}${prompt.askedByPayer ? ', asked by the payer' : ''}`,
    paymentId: prompt.paymentId,
    updatedAt: prompt.updatedAt,
  };
}

/** The prompt's current view, or null when it is not there (or not the caller's). */
export async function findPromptView(client: ServiceClient, initiationId: string): Promise<PromptView | null> {
  try {
    return await promptView(client, await client.call(stkRoutes.get, { params: { initiationId } }));
  } catch (error) {
    if (isServiceError(error) && error.status === 404) return null;
    throw error;
  }
}
