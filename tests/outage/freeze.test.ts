import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '@/lib/ledger/check';
import { createMerchant } from '@/lib/merchants/operations';
import { payments, suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { OUTAGE_LOG_INTERVAL_MS } from '@/lib/platform/logger';
import { bankSignature } from '@/lib/rails/bank-signature';
import { bankBody, c2bBody } from '../rails/support';
import { useOwnApp } from './own-app';
import { freezePostgres } from './postgres-process';

/**
 * The app's own embedded PostgreSQL is frozen (SIGSTOP: it hangs, it does not die) under load: API
 * reads, C2B validations and confirmations, bank credits. What must hold: every answer arrives within
 * the configured timeouts plus a second, answers during the freeze say "unavailable" in each route's
 * own format, the service heals on its own after SIGCONT, and every notification acknowledged is then
 * exactly one payment or suspense entry, with the ledger clean.
 */
const CONNECT_TIMEOUT_MS = 1_000;
const QUERY_TIMEOUT_MS = 1_500;
/** The longest a caller may wait: the longer of the two timeouts (they do not add up), plus a second. */
const ANSWER_BOUND_MS = Math.max(CONNECT_TIMEOUT_MS, QUERY_TIMEOUT_MS) + 1_000;
const FREEZE_MS = 6_000;

const MPESA_SECRET = `mpesa_${randomBytes(16).toString('hex')}`;
const BANK_SECRET = randomBytes(24).toString('hex');

interface LogLine {
  level: number;
  msg: string;
  route?: string;
  count?: number;
}
let thaw: (() => void) | undefined;
const app = useOwnApp<LogLine>(
  'freeze',
  {
    MPESA_CALLBACK_SECRET: MPESA_SECRET,
    BANK_WEBHOOK_SECRET: BANK_SECRET,
    SANDBOX: 'false',
    // Fewer connections than callers: some wait for a free one, and that wait is bounded too.
    DATABASE_POOL_SIZE: '8',
    DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
  },
  // Never leave a stopped PostgreSQL behind, whatever failed.
  { beforeClose: () => thaw?.() },
);

type Kind = 'bank' | 'confirmation' | 'validation' | 'read';
interface Answer {
  kind: Kind;
  startedAt: number;
  ms: number;
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  body: Record<string, unknown> | undefined;
}
const answers: Answer[] = [];

async function timed(kind: Kind, url: string, init: RequestInit): Promise<Answer> {
  const startedAt = Date.now();
  const response = await fetch(url, init);
  const text = await response.text();
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = undefined;
  }
  const answer = { kind, startedAt, ms: Date.now() - startedAt, status: response.status, retryAfter: response.headers.get('retry-after'), contentType: response.headers.get('content-type'), body };
  answers.push(answer);
  return answer;
}

const json = { 'content-type': 'application/json' };
const daraja = (step: 'validation' | 'confirmation', body: unknown) =>
  timed(step, `${app.baseUrl}/rails/daraja/c2b/${step}?token=${MPESA_SECRET}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
function bankCredit(body: unknown): Promise<Answer> {
  const raw = JSON.stringify(body);
  const t = String(Math.floor(Date.now() / 1000));
  return timed('bank', `${app.baseUrl}/rails/bank/credit-notifications`, { method: 'POST', headers: { ...json, 'x-bank-signature': `t=${t},v1=${bankSignature(BANK_SECRET, t, raw)}` }, body: raw });
}

interface Notification {
  rail: 'MPESA' | 'BANK';
  reference: string;
  attempts: number;
  acknowledged: boolean;
}
const sent: Notification[] = [];

/** One notification, sent again until acknowledged, as a rail resends until it gets its "accepted". */
async function deliver(rail: 'MPESA' | 'BANK', accountNumber: string, giveUpAt: number): Promise<void> {
  const bank = bankBody(accountNumber, '100.00');
  const mpesa = c2bBody(accountNumber, '50.00');
  const notification: Notification = { rail, reference: rail === 'BANK' ? bank.bankReference : mpesa.TransID, attempts: 0, acknowledged: false };
  sent.push(notification);
  while (Date.now() < giveUpAt) {
    notification.attempts += 1;
    const answer = rail === 'BANK' ? await bankCredit(bank) : await daraja('confirmation', mpesa);
    if (answer.status === 200 && (rail === 'BANK' || answer.body?.ResultCode === '0')) {
      notification.acknowledged = true;
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100)); // sooner than Retry-After: the test wants to see the outage
  }
}

describe('a PostgreSQL that hangs under load (SIGSTOP)', () => {
  it('answers every caller within its timeouts, says "unavailable" in each route\'s format meanwhile, heals after SIGCONT and keeps every acknowledged notification once', async () => {
    const { virtualAccount, user } = await createMerchant({ name: 'Frozen Ltd', email: `freeze-${randomBytes(4).toString('hex')}@test.example`, password: 'correct-horse-battery', firstName: 'A', lastName: 'B' });
    const login = await fetch(`${app.baseUrl}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: user.email, password: 'correct-horse-battery' }) });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const unknownAccount = '9999999990'; // no such account: confirmed money goes to suspense

    let loading = true;
    const giveUpAt = Date.now() + 60_000;
    const sender = async (rail: 'MPESA' | 'BANK', index: number) => {
      for (let n = 0; loading; n += 1) await deliver(rail, (n + index) % 4 === 0 ? unknownAccount : virtualAccount.accountNumber, giveUpAt);
    };
    const reader = async () => {
      while (loading) {
        await timed('read', `${app.baseUrl}/merchants/me/payments?limit=5`, { headers: { authorization: `Bearer ${accessToken}` } });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const validator = async () => {
      while (loading) {
        await daraja('validation', c2bBody(virtualAccount.accountNumber, '10.00'));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await Promise.all([deliver('BANK', virtualAccount.accountNumber, giveUpAt), deliver('MPESA', unknownAccount, giveUpAt), daraja('validation', c2bBody(virtualAccount.accountNumber, '10.00'))]);
    answers.length = 0; // the warm-up's answers are not timed
    // Sixteen callers at once against a pool of eight connections.
    const load = [...[0, 1, 2, 3, 4, 5].flatMap((index) => [sender('BANK', index), sender('MPESA', index)]), reader(), reader(), reader(), validator()];

    // Timed from a warm service: the first requests of a fresh process open connections and compile paths.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const frozenAt = Date.now();
    thaw = freezePostgres(app.dataDir);
    await new Promise((resolve) => setTimeout(resolve, FREEZE_MS));
    thaw();
    thaw = undefined;
    const thawedAt = Date.now();

    await new Promise((resolve) => setTimeout(resolve, 3_000)); // more load after the thaw
    loading = false;
    await Promise.all(load);

    // Every caller had its answer in time, during the freeze too.
    const worst = answers.reduce((slowest, answer) => (answer.ms > slowest.ms ? answer : slowest));
    console.info(`freeze: ${answers.length} answers; worst ${worst.ms} ms (${worst.kind}, status ${worst.status}); bound ${ANSWER_BOUND_MS} ms`);
    expect(answers.filter((answer) => answer.ms > ANSWER_BOUND_MS).map(({ kind, ms, status }) => ({ kind, ms, status }))).toEqual([]);

    // Asked while frozen (and answered before the thaw): unavailable, in each route's own format.
    const duringFreeze = answers.filter((answer) => answer.startedAt >= frozenAt && answer.startedAt + answer.ms < thawedAt);
    for (const kind of ['bank', 'confirmation', 'validation', 'read'] as const) {
      expect(duringFreeze.filter((answer) => answer.kind === kind).length, `${kind} answers during the freeze`).toBeGreaterThan(0);
    }
    for (const answer of duringFreeze) {
      if (answer.kind === 'validation') {
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ ResultCode: 'C2B00016', ResultDesc: 'Rejected' });
      } else if (answer.kind === 'confirmation') {
        expect(answer.status).toBe(503);
        expect(answer.retryAfter).toMatch(/^\d+$/);
        expect(answer.body).toEqual({ ResultCode: expect.not.stringMatching(/^0$/), ResultDesc: expect.any(String) });
      } else {
        expect(answer.status).toBe(503);
        expect(answer.retryAfter).toMatch(/^\d+$/);
        expect(answer.contentType).toMatch(/^application\/problem\+json/);
        expect(answer.body).toMatchObject({ status: 503, code: 'service_unavailable' });
      }
    }
    // Nothing else but success or "unavailable", before, during or after.
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503).map(({ kind, status, body }) => ({ kind, status, body }))).toEqual([]);

    // Healed on its own: the last answers of every kind are successes again.
    for (const kind of ['bank', 'confirmation', 'validation', 'read'] as const) {
      const last = answers.filter((answer) => answer.kind === kind).at(-1)!;
      expect(last.status, `last ${kind} answer`).toBe(200);
      if (kind === 'validation') expect(last.body).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    }

    // Every notification was acknowledged in the end, each exactly one payment or suspense row, with
    // those sent several times (during the freeze) among them.
    expect(sent.filter((notification) => !notification.acknowledged)).toEqual([]);
    expect(sent.filter((notification) => notification.attempts > 1).length, 'notifications resent after the freeze').toBeGreaterThan(0);
    for (const rail of ['BANK', 'MPESA'] as const) {
      const references = sent.filter((notification) => notification.rail === rail).map((notification) => notification.reference);
      const paid = await db().select({ reference: payments.providerReference }).from(payments).where(and(eq(payments.rail, rail), inArray(payments.providerReference, references)));
      const held = await db()
        .select({ reference: suspensePayments.providerReference })
        .from(suspensePayments)
        .where(and(eq(suspensePayments.rail, rail), inArray(suspensePayments.providerReference, references)));
      expect([...paid, ...held].map((row) => row.reference).sort(), rail).toEqual([...references].sort());
      expect(held.length, `${rail} notifications to an unknown account are in suspense`).toBeGreaterThan(0);
    }
    const ledger = await checkLedger();
    expect(ledger.problems).toEqual([]);
    expect(ledger.ok).toBe(true);

    // The job worker outlived the freeze: a job queued now runs.
    expect(await app.runsAJob(20_000)).toBe(true);

    // An operator reads the outage once per 10 s per route, with how many requests it failed.
    const lastFailureAt = Math.max(...answers.filter((answer) => answer.status === 503).map((answer) => answer.startedAt + answer.ms));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastFailureAt + OUTAGE_LOG_INTERVAL_MS + 500 - Date.now())));
    const bankRoute = 'POST /api/v1/rails/bank/credit-notifications';
    const bankLines = app.logLines.filter((line) => line.level === 50 && line.route === bankRoute);
    const bank503 = answers.filter((answer) => answer.kind === 'bank' && answer.status === 503).length;
    expect(bankLines.reduce((sum, line) => sum + (line.count ?? 0), 0)).toBe(bank503);
    expect(bankLines.length).toBeLessThanOrEqual(Math.ceil((thawedAt + ANSWER_BOUND_MS - frozenAt) / OUTAGE_LOG_INTERVAL_MS) + 1);
    expect(bank503).toBeGreaterThan(bankLines.length);
  }, 120_000);
});
