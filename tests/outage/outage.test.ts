import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMerchant } from '@/lib/merchants/operations';
import { payments, suspensePayments } from '@/lib/payments/schema';
import { db, pool } from '@/lib/platform/db';
import { bankSignature } from '@/lib/rails/bank-signature';
import { bankBody, c2bBody } from '../rails/support';
import { useOwnApp } from './own-app';
import { postmasterPid } from './postgres-process';

/**
 * The app's own embedded PostgreSQL (in a folder of this test, supervised as `npm start` runs it)
 * is SIGKILLed under rail load. What must hold: answers are 503 with Retry-After while it is down
 * (the Daraja routes in Daraja's format), it is back within 10 s without anyone acting, and every
 * notification that was acknowledged (2xx) is afterwards exactly one payment or suspense entry.
 */
const MPESA_SECRET = `mpesa_${randomBytes(16).toString('hex')}`;
const BANK_SECRET = randomBytes(24).toString('hex');

interface LogLine {
  level: number;
  msg: string;
}
const app = useOwnApp<LogLine>('outage', { MPESA_CALLBACK_SECRET: MPESA_SECRET, BANK_WEBHOOK_SECRET: BANK_SECRET, SANDBOX: 'false' });

interface Answer {
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  body: Record<string, unknown> | undefined;
}

async function send(pathAndQuery: string, raw: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${app.baseUrl}${pathAndQuery}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw });
  const text = await response.text();
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = undefined;
  }
  return { status: response.status, retryAfter: response.headers.get('retry-after'), contentType: response.headers.get('content-type'), body };
}

interface Notification {
  rail: 'MPESA' | 'BANK';
  reference: string;
  acknowledged: boolean;
}

const answers: { rail: 'MPESA' | 'BANK'; answer: Answer }[] = [];
const sent: Notification[] = [];

/** One notification, sent again until acknowledged, as a rail resends until it gets a 2xx. */
async function deliver(rail: 'MPESA' | 'BANK', accountNumber: string, giveUpAt: number): Promise<void> {
  const bank = bankBody(accountNumber, '100.00');
  const mpesa = c2bBody(accountNumber, '50.00');
  const notification: Notification = { rail, reference: rail === 'BANK' ? bank.bankReference : mpesa.TransID, acknowledged: false };
  sent.push(notification);
  while (Date.now() < giveUpAt) {
    let answer: Answer;
    if (rail === 'BANK') {
      const raw = JSON.stringify(bank);
      const t = String(Math.floor(Date.now() / 1000));
      answer = await send('/rails/bank/credit-notifications', raw, { 'x-bank-signature': `t=${t},v1=${bankSignature(BANK_SECRET, t, raw)}` });
    } else {
      answer = await send(`/rails/daraja/c2b/confirmation?token=${MPESA_SECRET}`, JSON.stringify(mpesa));
    }
    answers.push({ rail, answer });
    if (answer.status === 200 && (rail === 'BANK' || answer.body?.ResultCode === '0')) {
      notification.acknowledged = true;
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100)); // sooner than Retry-After: the test wants to see the outage
  }
}

describe('a killed PostgreSQL under rail load', () => {
  it('answers 503 with Retry-After meanwhile, is back within 10 s on its own, and loses nothing acknowledged', async () => {
    const { virtualAccount, user } = await createMerchant({ name: 'Outage Ltd', email: `outage-${randomBytes(4).toString('hex')}@test.example`, password: 'correct-horse-battery', firstName: 'A', lastName: 'B' });
    const login = await fetch(`${app.baseUrl}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: 'correct-horse-battery' }) });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const unknownAccount = '9999999990'; // no such account: confirmed money goes to suspense

    let loading = true;
    const giveUpAt = Date.now() + 40_000;
    const sender = async (rail: 'MPESA' | 'BANK', index: number) => {
      for (let n = 0; loading; n += 1) await deliver(rail, (n + index) % 4 === 0 ? unknownAccount : virtualAccount.accountNumber, giveUpAt);
    };
    const senders = [0, 1, 2, 3].flatMap((index) => [sender('BANK', index), sender('MPESA', index)]);
    const apiReads: Answer[] = [];
    const reader = (async () => {
      while (loading) {
        const response = await fetch(`${app.baseUrl}/merchants/me/payments?limit=1`, { headers: { authorization: `Bearer ${accessToken}` } });
        apiReads.push({ status: response.status, retryAfter: response.headers.get('retry-after'), contentType: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown> });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = postmasterPid(app.dataDir);
    const killedAt = Date.now();
    process.kill(before, 'SIGKILL');

    // Back without anyone acting: the pool answers again.
    let backAt = 0;
    while (Date.now() - killedAt < 15_000) {
      const ok = await pool()
        .query('select 1')
        .then(() => true, () => false);
      if (ok && postmasterPid(app.dataDir) !== before) {
        backAt = Date.now();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(backAt, 'PostgreSQL came back').toBeGreaterThan(0);
    expect(backAt - killedAt).toBeLessThan(10_000);

    await new Promise((resolve) => setTimeout(resolve, 1_500)); // more load after recovery
    loading = false;
    await Promise.all([...senders, reader]);

    // Nothing answered 500; the outage answered 503 with Retry-After, each route in its own format.
    const statuses = new Set(answers.map(({ answer }) => answer.status));
    expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    const bank503 = answers.filter(({ rail, answer }) => rail === 'BANK' && answer.status === 503);
    const daraja503 = answers.filter(({ rail, answer }) => rail === 'MPESA' && answer.status === 503);
    expect(bank503.length + daraja503.length, 'some notifications arrived during the outage').toBeGreaterThan(0);
    for (const { answer } of bank503) {
      expect(answer.retryAfter).toMatch(/^\d+$/);
      expect(answer.contentType).toMatch(/^application\/problem\+json/);
      expect(answer.body).toMatchObject({ status: 503, code: 'service_unavailable' });
    }
    for (const { answer } of daraja503) {
      expect(answer.retryAfter).toMatch(/^\d+$/);
      expect(answer.body).toEqual({ ResultCode: expect.not.stringMatching(/^0$/), ResultDesc: expect.any(String) });
    }
    expect(apiReads.filter((read) => read.status !== 200 && read.status !== 503)).toEqual([]);
    for (const read of apiReads.filter((r) => r.status === 503)) {
      expect(read.retryAfter).toMatch(/^\d+$/);
      expect(read.body).toMatchObject({ code: 'service_unavailable' });
    }

    // Every notification was acknowledged in the end, and each acknowledged one is exactly one row.
    expect(sent.filter((notification) => !notification.acknowledged)).toEqual([]);
    for (const rail of ['BANK', 'MPESA'] as const) {
      const references = sent.filter((notification) => notification.rail === rail).map((notification) => notification.reference);
      const paid = await db().select({ reference: payments.providerReference }).from(payments).where(and(eq(payments.rail, rail), inArray(payments.providerReference, references)));
      const held = await db()
        .select({ reference: suspensePayments.providerReference })
        .from(suspensePayments)
        .where(and(eq(suspensePayments.rail, rail), inArray(suspensePayments.providerReference, references)));
      const found = [...paid, ...held].map((row) => row.reference).sort();
      expect(found, rail).toEqual([...references].sort());
      expect(held.length, `${rail} notifications to an unknown account are in suspense`).toBeGreaterThan(0);
    }

    // An operator reads what happened, at error level, and that it healed.
    expect(app.logLines.some((line) => line.level === 50 && /PostgreSQL exited unexpectedly.*restarting/.test(line.msg))).toBe(true);
    expect(app.logLines.some((line) => line.level === 30 && /PostgreSQL is back/.test(line.msg))).toBe(true);

    // The job worker outlived the outage: a job queued now runs.
    expect(await app.runsAJob(15_000)).toBe(true);
  }, 90_000);
});
