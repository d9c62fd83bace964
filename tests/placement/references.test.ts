import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { couldNameABill, referenceKey } from '@/lib/bills/reference';
import { expectedPayments } from '@/lib/bills/schema';
import { readPayerEntry, referenceBeside, referenceGiven } from '@/lib/payments/payer-entry';
import { mobileMoneyCopy } from '@/lib/payment-options/copy';
import { db } from '@/lib/platform/db';
import { newBill } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { createBill, signedInMerchant } from '../payments/support';
import { BANK_SECRET, observe, spellings, tag } from './support';

const api = useTestApi({ BANK_WEBHOOK_SECRET: BANK_SECRET, SANDBOX: 'true' });

const expiresAt = () => new Date(Date.now() + 86_400_000).toISOString();
const createRaw = (token: string, paymentReference: string) =>
  api.request('POST', '/merchants/me/expected-payments', { token, json: { paymentReference, amount: 100, expiresAt: expiresAt(), provisionInvoiceVa: false } });
const billRow = async (id: string) => (await db().select().from(expectedPayments).where(eq(expectedPayments.id, id)))[0]!;

describe('reading what a payer types', () => {
  it('folds ASCII letter case and whitespace into one key, and nothing else', () => {
    expect(referenceKey('inv-2026-002')).toBe('INV-2026-002');
    expect(referenceKey(' \t INV-2026-002  ')).toBe('INV-2026-002');
    expect(referenceKey('inv   2026\n002')).toBe('INV 2026 002');
    // Non-ASCII letters stay as typed: "ß" never becomes "SS", nor "ı" an "I".
    expect(referenceKey('straße-ı')).toBe('STRAßE-ı');
    expect(couldNameABill(referenceKey('INV\u0000'))).toBe(false);
    expect(couldNameABill(referenceKey('inv 1'))).toBe(false);
  });

  it('takes an account number first, then a reference after # or whitespace', () => {
    expect(readPayerEntry('1000000018')).toEqual({ accountNumber: '1000000018', reference: null });
    expect(readPayerEntry('1000000018#INV-77')).toEqual({ accountNumber: '1000000018', reference: 'INV-77' });
    expect(readPayerEntry('  1000000018  #  inv-77 ')).toEqual({ accountNumber: '1000000018', reference: 'inv-77' });
    expect(readPayerEntry('1000000018 INV 77')).toEqual({ accountNumber: '1000000018', reference: 'INV 77' });
    expect(readPayerEntry('1000000018#')).toEqual({ accountNumber: '1000000018', reference: null });
    for (const bare of ['INV-77', '10000000181', '100000001', '1000000018INV', '#1000000018', '']) {
      expect(readPayerEntry(bare), bare).toEqual({ accountNumber: null, reference: null });
    }
  });

  it('reads a reference beside the account number without the account number repeated in it', () => {
    expect(referenceBeside(' INV-77 ', '1000000018')).toBe('INV-77');
    expect(referenceBeside('1000000018#INV-77', '1000000018')).toBe('INV-77');
    expect(referenceBeside('1000000018', '1000000018')).toBeNull();
    expect(referenceBeside('1000000026 INV-77', '1000000018')).toBe('1000000026 INV-77');
    expect(referenceBeside('  ', '1000000018')).toBeNull();
    expect(referenceGiven({ accountReference: '1000000018#inv-77', billReference: 'OTHER' })).toBe('inv-77');
    expect(referenceGiven({ accountReference: '1000000018', billReference: '1000000018 INV-77' })).toBe('INV-77');
    expect(referenceGiven({ accountReference: 'INV-77' })).toBe('INV-77');
  });

  it("tells the payer of a bill without its own account to type the account number, '#', then the reference", () => {
    const copy = mobileMoneyCopy({
      accountNumber: '1000000018', accountName: 'Duka', reference: 'INV-2026-001', amount: null,
      paybillNumber: '4123456', paybillName: 'Paybill', bankName: 'Bank', bankBranch: 'Branch', swiftCode: 'SWIFT',
    });
    expect(copy).toContain('5. Enter account number 1000000018#INV-2026-001.');
  });
});

describe('the stored key', () => {
  it("is computed by PostgreSQL exactly as referenceKey computes it, for every character a reference may hold", async () => {
    const { merchant } = await newMerchant();
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/-';
    const reference = fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 60 }).map((chars) => chars.join(''));
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(reference, async (text) => {
        if (seen.has(referenceKey(text))) return;
        seen.add(referenceKey(text));
        const { bill } = await newBill(merchant.id, { reference: text });
        expect(bill.referenceKey).toBe(referenceKey(text));
      }),
      { numRuns: 60 },
    );
    const { bill } = await newBill(merchant.id, { reference: alphabet });
    expect(bill.referenceKey).toBe(referenceKey(alphabet));
  });
});

describe('references are unique per merchant ignoring letter case', () => {
  it("answers 409 with the existing bill for any spelling of a merchant's reference", async () => {
    const { token } = await signedInMerchant(api);
    const reference = `INV-2026-${tag()}`;
    const first = await createRaw(token, reference);
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    for (const spelling of spellings(reference)) {
      const again = await createRaw(token, spelling);
      expect(again.status, spelling).toBe(409);
      const problem = (await again.json()) as { detail: string; existingId: string };
      expect(problem.existingId).toBe(id);
      if (spelling.trim() !== reference) expect(problem.detail).toContain(`as "${reference}"`);
    }
  });

  it('keeps the spelling a bill was created with, without surrounding spaces', async () => {
    const { token } = await signedInMerchant(api);
    const response = await createRaw(token, `  inv-Mixed-${tag()} `);
    expect(response.status).toBe(201);
    const bill = (await response.json()) as { id: string; paymentReference: string };
    expect(bill.paymentReference).toMatch(/^inv-Mixed-[0-9A-F]{6}$/);
    expect((await billRow(bill.id)).referenceKey).toBe(bill.paymentReference.toUpperCase());
  });

  it('lets another merchant use the same reference in any spelling', async () => {
    const reference = `INV-2026-${tag()}`;
    expect((await createRaw((await signedInMerchant(api)).token, reference)).status).toBe(201);
    expect((await createRaw((await signedInMerchant(api)).token, reference.toLowerCase())).status).toBe(201);
  });
});

describe('a reference beside the account number matches in any case and spacing', () => {
  it('settles bill INV-2026-002 for inv-2026-002 and " INV-2026-002 " on M-Pesa and the bank', async () => {
    const merchant = await signedInMerchant(api);
    const account = merchant.virtualAccount;
    const bill = await createBill(api, merchant.token, { paymentReference: 'INV-2026-002', amount: 1000, provisionInvoiceVa: false });
    const placed = { accountId: account.id, billId: bill.id };
    const tries = [
      { rail: 'MPESA' as const, entry: `${account.accountNumber}#inv-2026-002` },
      { rail: 'MPESA' as const, entry: `${account.accountNumber}  inv-2026-002 ` },
      { rail: 'MPESA' as const, entry: account.accountNumber, beside: ' INV-2026-002 ' },
      { rail: 'BANK' as const, entry: account.accountNumber, beside: `${account.accountNumber} inv-2026-002` },
    ];
    for (const attempt of tries) {
      const outcome = await observe(api, { label: attempt.entry, ...attempt });
      expect(outcome.placed, attempt.entry).toEqual(placed);
      if (attempt.rail === 'MPESA') expect(outcome.validation).toBe('0');
    }
    expect(await billRow(bill.id)).toMatchObject({ status: 'PARTIALLY_PAID', amountPaid: '40.0000' });
  });

  it('settles the bill in the sandbox for a lower-case reference, and refuses the bare reference', async () => {
    const merchant = await signedInMerchant(api);
    const bill = await createBill(api, merchant.token, { paymentReference: 'INV-2026-002', amount: 300, provisionInvoiceVa: false });
    const simulate = (json: Record<string, unknown>) => api.request('POST', '/merchants/me/sandbox/inbound-payments', { token: merchant.token, json });
    const typed = await simulate({ accountNumber: `${merchant.virtualAccount.accountNumber}#inv-2026-002`, amount: 100, channel: 'MOBILE_MONEY' });
    expect(typed.status).toBe(201);
    expect(await typed.json()).toMatchObject({ expectedPaymentId: bill.id, matchStatus: 'PARTIAL', billReference: 'inv-2026-002' });
    const beside = await simulate({ accountNumber: merchant.virtualAccount.accountNumber, billReference: ' inv-2026-002 ', amount: 200, channel: 'RTGS' });
    expect(await beside.json()).toMatchObject({ expectedPaymentId: bill.id, matchStatus: 'MATCHED' });
    const bare = await simulate({ accountNumber: 'INV-2026-002', amount: 100, channel: 'MOBILE_MONEY' });
    expect(bare.status).toBe(422);
    expect(await bare.json()).toMatchObject({ code: 'payment_rejected', reason: 'UNKNOWN_ACCOUNT' });
  });

  it("pays a bill exactly as its payer options tell the M-Pesa payer to", async () => {
    const merchant = await signedInMerchant(api);
    const bill = await createBill(api, merchant.token, { amount: 250, provisionInvoiceVa: false });
    const options = (await (await api.request('GET', `/merchants/me/payment-options?expectedPaymentId=${bill.id}`, { token: merchant.token })).json()) as {
      mobileMoneyCustomerFacingCopy: string;
    };
    const typed = /Enter account number (\S+)\.$/m.exec(options.mobileMoneyCustomerFacingCopy)?.[1];
    expect(typed).toBe(`${merchant.virtualAccount.accountNumber}#${bill.paymentReference}`);
    const outcome = await observe(api, { label: 'copy', rail: 'MPESA', entry: typed! });
    expect(outcome).toEqual({ validation: '0', placed: { accountId: merchant.virtualAccount.id, billId: bill.id } });
  });
});
