import { randomBytes, randomInt } from 'node:crypto';
import { and, sql } from 'drizzle-orm';
import { ApiError, notFound } from '@/lib/api/errors';
import { visibleTo } from '@/lib/api/scope';
import type { Principal } from '@/lib/auth/principal';
import { formatMoney } from '@/lib/money/decimal';
import { railName } from '@/lib/money/rails';
import { payments } from '@/lib/payments/schema';
import { db, type Queryable } from '@/lib/platform/db';
import { violatedUniqueConstraint } from '@/lib/platform/db/errors';
import { enqueue } from '@/lib/platform/jobs/queue';
import { toDarajaTime } from '@/lib/rails/nairobi-time';
import { askDarajaToReverse } from './daraja-reversal';
import { reversalModeFor } from './rail-mode';
import { paymentReversals, type ReversalRow } from './schema';
import { SIMULATE_REVERSAL_TASK, SIMULATED_REVERSAL_MS } from './simulator-timing';
import { recordAudit } from '@/lib/audit/record';
import { paymentWithId } from '@/lib/payments/by-id';

const inProgress = () => new ApiError(409, 'reversal_in_progress', 'Reversal in progress', 'A reversal of this payment is already waiting for the rail\'s answer.');
const alreadyReversed = () => new ApiError(409, 'already_reversed', 'Already reversed', 'This payment was reversed already.');

/**
 * What the account can give back now: its balance less the payments of it already being reversed.
 * Read with the account's row locked, so two reversals of one account cannot both count the same
 * shillings (docs/reconciliation.md, "When the balance is short").
 */
async function availableBalance(tx: Queryable, accountId: string, needed: string) {
  const { rows } = await tx.execute<{ available: string; enough: boolean }>(sql`
    select available, available >= ${needed}::numeric as enough from (
      select a.balance - coalesce((select sum(r.amount) from payment_reversals r where r.virtual_account_id = a.id and r.status = 'REQUESTED'), 0) as available
        from virtual_accounts a where a.id = ${accountId} for update) locked`);
  return rows[0]!;
}

/** Daraja-like ids for the simulator, stored before its Result comes, as Daraja's would be. */
const simulatedIds = () => ({
  originatorConversationId: `${randomInt(10_000, 99_999)}-${randomInt(10_000_000, 99_999_999)}-1`,
  conversationId: `AG_${toDarajaTime(new Date())}_${randomBytes(10).toString('hex')}`,
});

/**
 * A merchant asks for a payment's money to go back to the payer. The whole payment, once: the
 * payment turns REVERSAL_PENDING and the reversal REQUESTED in one transaction (the payment's row
 * lock and a unique index make concurrent requests one), then the rail is asked, outside it. The
 * answer comes later (Daraja's Result, the simulator's job); a refusal at once fails it here.
 */
export async function requestReversal(principal: Principal, paymentId: string, input: { remarks?: string }, idempotencyKey: string): Promise<ReversalRow> {
  const requested = await db()
    .transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(and(paymentWithId(paymentId), visibleTo(principal, payments))).for('update');
      if (!payment) throw notFound('The payment');
      if (payment.status === 'REVERSED') throw alreadyReversed();
      if (payment.status === 'REVERSAL_PENDING') throw inProgress();
      const mode = reversalModeFor(payment.rail);
      const { available, enough } = await availableBalance(tx, payment.virtualAccountId, payment.amount);
      if (!enough) {
        throw new ApiError(
          409,
          'insufficient_balance',
          'Insufficient balance',
          `The account holds ${Number(available)} ${payment.currency} that is not already being reversed; reversing this payment takes ${Number(payment.amount)}.`,
          { available: Number(available), required: Number(payment.amount) },
        );
      }
      const [reversal] = await tx
        .insert(paymentReversals)
        .values({
          paymentId: payment.id,
          merchantId: payment.merchantId,
          subMerchantId: payment.subMerchantId,
          virtualAccountId: payment.virtualAccountId,
          rail: payment.rail,
          origin: 'MERCHANT',
          requestedBy: principal.userId,
          idempotencyKey,
          amount: payment.amount,
          feeAmount: payment.feeAmount,
          currency: payment.currency,
          remarks: input.remarks ?? null,
          ...(mode === 'SIMULATOR' && payment.rail === 'MPESA' ? simulatedIds() : {}),
        })
        .returning();
      await tx.update(payments).set({ status: 'REVERSAL_PENDING' }).where(paymentWithId(payment.id));
      await recordAudit(tx, {
        merchantId: payment.merchantId,
        action: 'payment.reversal_requested',
        target: { type: 'payment', id: payment.id },
        summary: `Reversal of ${railName(payment.rail)} payment ${payment.providerReference} (${formatMoney(payment.amount, payment.currency)}) requested.`,
        details: { reversalId: reversal!.id },
      });
      if (mode === 'SIMULATOR') {
        await enqueue(tx, SIMULATE_REVERSAL_TASK, { reversalId: reversal!.id }, { runAt: new Date(Date.now() + SIMULATED_REVERSAL_MS), jobKey: `${SIMULATE_REVERSAL_TASK}:${reversal!.id}` });
      }
      return { reversal: reversal!, payment, mode };
    })
    .catch((error: unknown) => {
      if (violatedUniqueConstraint(error) === 'payment_reversals_one_active_idx') throw inProgress();
      throw error;
    });

  if (requested.mode === 'DARAJA') return askDarajaToReverse(requested.reversal, requested.payment);
  return requested.reversal;
}
