import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { payments, suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import type { TestApi } from '../support/api-server';
import { bankBody, c2bBody, postBank, postC2b } from '../rails/support';

export const BANK_SECRET = 'bank-secret-for-placement-tests-0123456789';

/** A fresh suffix, so that references stay unique across runs on one database. */
export const tag = () => randomBytes(3).toString('hex').toUpperCase();

/** What the service answers and does for one payer entry: what isolation must keep constant. */
export interface Outcome {
  validation: string;
  placed: { accountId: string; billId: string | null } | { suspense: string } | 'nothing';
}

export interface PayerInput {
  label: string;
  rail: 'MPESA' | 'BANK';
  /** BillRefNumber, or the bank's beneficiary account. */
  entry: string;
  /** InvoiceNumber, or the bank narration. */
  beside?: string;
}

async function placementOf(rail: 'MPESA' | 'BANK', reference: string): Promise<Outcome['placed']> {
  const [payment] = await db()
    .select({ accountId: payments.virtualAccountId, billId: payments.expectedPaymentId })
    .from(payments)
    .where(and(eq(payments.rail, rail), eq(payments.providerReference, reference)));
  if (payment) return payment;
  const [held] = await db()
    .select({ reason: suspensePayments.reason })
    .from(suspensePayments)
    .where(and(eq(suspensePayments.rail, rail), eq(suspensePayments.providerReference, reference)));
  return held ? { suspense: held.reason } : 'nothing';
}

/**
 * Validates (M-Pesa) then confirms the payment over real HTTP, and reads where it went. The
 * amount is small against the bills' so that a bill stays open whatever is observed of it.
 */
export async function observe(api: TestApi, input: PayerInput): Promise<Outcome> {
  if (input.rail === 'MPESA') {
    const body = c2bBody(input.entry, '10.00', { InvoiceNumber: input.beside ?? '' });
    const validation = await postC2b(api, 'validation', body);
    expect(validation.status).toBe(200);
    const confirmation = await postC2b(api, 'confirmation', body);
    expect(confirmation.status).toBe(200);
    return { validation: ((await validation.json()) as { ResultCode: string }).ResultCode, placed: await placementOf('MPESA', body.TransID) };
  }
  const body = bankBody(input.entry, '10.00', { narration: input.beside ?? null });
  const response = await postBank(api, body, BANK_SECRET);
  expect(response.status).toBe(200);
  return { validation: ((await response.json()) as { status: string }).status, placed: await placementOf('BANK', body.bankReference) };
}

export async function observeAll(api: TestApi, inputs: PayerInput[]): Promise<Record<string, Outcome>> {
  const outcomes: Record<string, Outcome> = {};
  for (const input of inputs) outcomes[input.label] = await observe(api, input);
  return outcomes;
}

/** Every way a payer might vary a reference's letter case and spacing. */
export const spellings = (reference: string) => [
  reference,
  reference.toLowerCase(),
  reference.toUpperCase(),
  [...reference].map((letter, index) => (index % 2 ? letter.toLowerCase() : letter.toUpperCase())).join(''),
  `  ${reference.toLowerCase()} `,
];
