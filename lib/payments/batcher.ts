import { inArray } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { logger } from '@/lib/platform/logger';
import { unplaceableReason } from './acceptance';
import type { InboundPayment } from './inbound';
import { hourStart, nairobiDay } from './nairobi-days';
import { paymentRow, type AccountIdentity } from './payment-row';
import { recordPaymentBatch, type BatchedPayment } from './record-batch';
import type { PaymentRow } from './serialize';

/** Above this a batch's statement grows slow enough to hold the next ones back. */
const MAX_BATCH = 200;
/** PostgreSQL's deadlock_detected and serialization_failure: the statement changed nothing. */
const RETRYABLE = new Set(['40P01', '40001']);

/** What a batched payment came to: written, or already stored, or not for the batch after all. */
export type BatchOutcome = { written: boolean; payment: PaymentRow } | null;

interface Waiting {
  inbound: InboundPayment;
  settle: (outcome: BatchOutcome) => void;
  fail: (error: unknown) => void;
}

/**
 * Accounts by number, as far as batched payments read them: every field of AccountIdentity is fixed
 * when the account is made (numbers are never reused, accounts never deleted), so a busy paybill's
 * accounts are looked up once, not once per batch. Bounded: emptied when full.
 */
const knownAccounts = new Map<string, AccountIdentity>();
const MAX_KNOWN_ACCOUNTS = 100_000;

async function learnAccounts(numbers: string[]): Promise<void> {
  const unknown = [...new Set(numbers)].filter((number) => !knownAccounts.has(number));
  if (unknown.length === 0) return;
  const found = await db()
    .select({
      id: virtualAccounts.id,
      merchantId: virtualAccounts.merchantId,
      subMerchantId: virtualAccounts.subMerchantId,
      accountNumber: virtualAccounts.accountNumber,
      ownerType: virtualAccounts.ownerType,
      ownerId: virtualAccounts.ownerId,
      purpose: virtualAccounts.purpose,
      currency: virtualAccounts.currency,
    })
    .from(virtualAccounts)
    .where(inArray(virtualAccounts.accountNumber, unknown));
  if (knownAccounts.size + found.length > MAX_KNOWN_ACCOUNTS) knownAccounts.clear();
  for (const account of found) knownAccounts.set(account.accountNumber, account);
}

let waiting: Waiting[] = [];
let writers = 0;

/**
 * Group commit for payments into an account by its number, no bill involved (the paybill's
 * everyday case). A payment waits only while the batch before it is being written: an idle
 * service writes it at once, a busy one looks up all the accounts that arrived meanwhile in one
 * query and writes all the payments in one statement. Resolves after commit; null when the
 * payment needs the one-by-one path after all (an unknown, invoice or foreign-currency account).
 */
export function creditInBatch(inbound: InboundPayment): Promise<BatchOutcome> {
  return new Promise((settle, fail) => {
    waiting.push({ inbound, settle, fail });
    // Batches written at the same time (PAYMENT_BATCH_WRITERS): one is sent while another commits.
    // They cannot deadlock: each locks its accounts in id order before it writes anything.
    if (writers < config().PAYMENT_BATCH_WRITERS) void writeAll();
  });
}

async function writeAll(): Promise<void> {
  writers++;
  try {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, MAX_BATCH);
      waiting = waiting.slice(MAX_BATCH);
      await writeBatch(batch);
    }
  } finally {
    writers--;
  }
}

async function writeBatch(batch: Waiting[], attempt = 1): Promise<void> {
  try {
    await learnAccounts(batch.map((item) => item.inbound.accountReference.trim()));
    const now = new Date();
    const planned: (BatchedPayment | null)[] = batch.map(({ inbound }) => {
      const account = knownAccounts.get(inbound.accountReference.trim());
      if (!account || !batchable(inbound, account)) return null;
      return { payment: paymentRow(inbound, account, null, now), day: nairobiDay(inbound.receivedAt), hour: hourStart(inbound.receivedAt) };
    });
    const toWrite = planned.filter((item) => item !== null);
    const written = toWrite.length > 0 ? await recordPaymentBatch(toWrite) : new Set<string>();
    batch.forEach((item, index) => {
      const plan = planned[index];
      item.settle(plan ? { written: written.has(plan.payment.id), payment: plan.payment } : null);
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code && RETRYABLE.has(code) && attempt < 5) return writeBatch(batch, attempt + 1);
    if (batch.length > 1) {
      // One payment the statement cannot take must not hold back the others: each alone.
      logger().warn({ err: error, size: batch.length }, 'payment batch failed; writing its payments one by one');
      for (const item of batch) await writeBatch([item]);
      return;
    }
    batch[0]!.fail(error);
  }
}

/**
 * Credited as it stands: no bill to settle (an invoice account's bill is locked and matched one
 * payment at a time), the caller's merchant when it is scoped, and nothing that would send the
 * money to suspense (another currency, an unreadable amount).
 */
function batchable(inbound: InboundPayment, account: AccountIdentity): boolean {
  if (account.purpose === 'INVOICE') return false;
  if (inbound.merchantId && inbound.merchantId !== account.merchantId) return false;
  return unplaceableReason(account, inbound) === undefined;
}
