import { inArray } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { isDatabaseUnavailable, sqlStateOf } from '@/lib/platform/db/errors';
import { logger } from '@/lib/platform/logger';
import { metrics } from '@/lib/platform/metrics';
import { pricingOf } from '@/lib/pricing/current';
import { unplaceableReason } from './acceptance';
import { isKnownDisabled, refreshDisabledMerchants } from '@/lib/merchants/disabled';
import type { InboundPayment } from './inbound';
import { hourStart, nairobiDay } from './nairobi-days';
import { merchantTotalsShard } from './post-to-ledger';
import { paymentRow, type AccountIdentity } from './payment-row';
import { recordPaymentBatch, type BatchedPayment } from './record-batch';
import { MERCHANT_TOTALS_SHARDS } from './schema';
import type { PaymentRow } from './serialize';

/** Above this a batch's statement grows slow enough to hold the next ones back. */
const MAX_BATCH = 200;
/** PostgreSQL's deadlock_detected and serialization_failure: the statement changed nothing. */
const RETRYABLE = new Set(['40P01', '40001']);

/** What a batched payment came to: written, or already stored, or not for the batch after all. */
export type BatchOutcome = { written: boolean; payment: PaymentRow } | null;

interface Unplaced {
  inbound: InboundPayment;
  settle: (outcome: BatchOutcome) => void;
  fail: (error: unknown) => void;
}

/** A payment in its lane, with the account it is for. */
interface Waiting extends Unplaced {
  account: AccountIdentity;
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

/**
 * Payments waiting for their batch, one queue per lane. A lane is a set of the merchant totals'
 * shards (chosen by account, see merchantTotalsShard), and its batches add their merchant totals to
 * the row of its own number, one of its shards; so two lanes never touch the same account,
 * per-account totals row or merchant totals row: their batches never wait on each other's row
 * locks and write side by side, one computing while another waits for its commit to reach disk.
 * Within a lane, one batch at a time. (A batch still locks its accounts in id order, so a bill's
 * payment into one of them, written one by one, only waits: no circle of waits can form.)
 */
const lanes = new Map<number, Lane>();
interface Lane {
  /** Also the merchant totals' shard row its batches add to: see recordPaymentBatch. */
  index: number;
  waiting: Waiting[];
  writing: boolean;
}
/** Payments whose account is not known yet: looked up together, then put in their lanes. */
let unplaced: Unplaced[] = [];
let placing = false;

/** The lane of an account's batched payments. */
export const batchLane = (accountId: string) =>
  merchantTotalsShard(accountId) % Math.min(config().PAYMENT_BATCH_WRITERS, MERCHANT_TOTALS_SHARDS);

/**
 * Group commit for payments into an account by its number, no bill involved (the paybill's
 * everyday case). A payment waits only while the batch before it in its lane is being written: an
 * idle service writes it at once, a busy one writes all the payments that arrived meanwhile in one
 * statement. Resolves after commit; null when the payment needs the one-by-one path after all (an
 * unknown, invoice or foreign-currency account).
 */
export function creditInBatch(inbound: InboundPayment): Promise<BatchOutcome> {
  return new Promise((settle, fail) => {
    const item: Unplaced = { inbound, settle, fail };
    const account = knownAccounts.get(inbound.accountReference.trim());
    if (account) return enqueue(item, account);
    unplaced.push(item);
    if (!placing) void placeAll();
  });
}

function enqueue(item: Unplaced, account: AccountIdentity): void {
  const index = batchLane(account.id);
  let lane = lanes.get(index);
  if (!lane) lanes.set(index, (lane = { index, waiting: [], writing: false }));
  lane.waiting.push({ ...item, account });
  if (!lane.writing) void writeLane(lane);
}

async function placeAll(): Promise<void> {
  placing = true;
  try {
    while (unplaced.length > 0) {
      const items = unplaced;
      unplaced = [];
      try {
        await learnAccounts(items.map((item) => item.inbound.accountReference.trim()));
        await refreshDisabledMerchants();
      } catch (error) {
        for (const item of items) item.fail(error);
        // Those that arrived meanwhile would wait as long again on a hung database: answered now (the rails resend).
        if (isDatabaseUnavailable(error)) for (const item of unplaced.splice(0)) item.fail(error);
        continue;
      }
      for (const item of items) {
        const account = knownAccounts.get(item.inbound.accountReference.trim());
        if (account) enqueue(item, account);
        else item.settle(null);
      }
    }
  } finally {
    placing = false;
  }
}

async function writeLane(lane: Lane): Promise<void> {
  lane.writing = true;
  try {
    while (lane.waiting.length > 0) {
      const batch = lane.waiting.slice(0, MAX_BATCH);
      metrics().paymentBatchSize.observe(batch.length);
      lane.waiting = lane.waiting.slice(MAX_BATCH);
      await writeBatch(batch, lane.index);
    }
  } finally {
    lane.writing = false;
  }
}

async function writeBatch(batch: Waiting[], lane: number, attempt = 1): Promise<void> {
  try {
    const pricing = await pricingOf(batch.map(({ account }) => account.merchantId)); // from memory; re-read at most every PRICING_CACHE_MS
    const now = new Date();
    const planned: (BatchedPayment | null)[] = batch.map(({ inbound, account }) => {
      if (!batchable(inbound, account)) return null;
      const payment = paymentRow(inbound, account, null, now, pricing.get(account.merchantId));
      // The rail's notification travels with its payment: written by the batch's statement, in its commit.
      return { payment, day: nairobiDay(inbound.receivedAt), hour: hourStart(inbound.receivedAt), notification: inbound.notification };
    });
    const toWrite = planned.filter((item) => item !== null);
    const written = toWrite.length > 0 ? await recordPaymentBatch(toWrite, lane) : new Set<string>();
    batch.forEach((item, index) => {
      const plan = planned[index];
      item.settle(plan ? { written: written.has(plan.payment.id), payment: plan.payment } : null);
    });
  } catch (error) {
    if (RETRYABLE.has(sqlStateOf(error) ?? '') && attempt < 5) return writeBatch(batch, lane, attempt + 1);
    // A hung or lost database: one by one, each payment would wait as long again, and so would those
    // queued behind them in the lane. All are answered "unavailable" now; the rails resend.
    if (isDatabaseUnavailable(error)) {
      for (const item of [...batch, ...(lanes.get(lane)?.waiting.splice(0) ?? [])]) item.fail(error);
      return;
    }
    if (batch.length > 1) {
      // One payment the statement cannot take must not hold back the others: each alone.
      logger().warn({ err: error, size: batch.length }, 'payment batch failed; writing its payments one by one');
      for (const item of batch) await writeBatch([item], lane);
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
  // A disabled merchant's money goes to suspense, one by one (resolve.ts reads its status).
  if (isKnownDisabled(account.merchantId)) return false;
  if (inbound.merchantId && inbound.merchantId !== account.merchantId) return false;
  return unplaceableReason(account, inbound) === undefined;
}
