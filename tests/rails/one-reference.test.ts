import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '@/lib/accounts/account-number';
import { checkLedger } from '@/lib/ledger/check';
import { differences } from '@/lib/payments/already-kept';
import { payments, railReferences, suspensePayments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { assignSuspense } from '@/lib/suspense/assign';
import { newBill } from '../accounts/support';
import { useTestApi } from '../support/api-server';
import { newMerchant } from '../support/fixtures';
import { signedInMerchant } from '../payments/support';
import { bankBody, c2bBody, postBank, postC2b } from './support';

const SECRET = 'bank-secret-for-tests-0123456789abcdef';
const api = useTestApi({ BANK_WEBHOOK_SECRET: SECRET });
const ACCEPTED = { ResultCode: '0', ResultDesc: 'Accepted' };

/** Everything kept under one rail reference: its payments and its suspense rows. */
async function keptUnder(rail: 'MPESA' | 'BANK', reference: string) {
  const paid = await db().select().from(payments).where(and(eq(payments.rail, rail), eq(payments.providerReference, reference)));
  const held = await db().select().from(suspensePayments).where(and(eq(suspensePayments.rail, rail), eq(suspensePayments.providerReference, reference)));
  return { paid, held };
}

const unknownAccount = withCheckDigit('999999993');

describe('one rail reference is one payment or one suspense row', () => {
  it('answers duplicate to a bank credit whose reference is held in suspense, even to a real account, and credits nothing', async () => {
    const { merchant, virtualAccount } = await newMerchant();
    const first = bankBody(unknownAccount, '640.00');
    expect(await (await postBank(api, first, SECRET)).json()).toEqual({ status: 'suspense' });

    const again = { ...bankBody(virtualAccount.accountNumber, '640.00'), bankReference: first.bankReference };
    expect(await (await postBank(api, again, SECRET)).json()).toEqual({ status: 'duplicate' });

    const { paid, held } = await keptUnder('BANK', first.bankReference);
    expect([paid.length, held.length]).toEqual([0, 1]);
    expect((await checkLedger({ merchantId: merchant.id })).problems).toEqual([]);
  });

  it('lets an operator assign and return such suspense: the payer is paid back and the merchant was never credited', async () => {
    const { merchant, virtualAccount, token } = await signedInMerchant(api);
    const first = bankBody(unknownAccount, '310.00');
    await postBank(api, first, SECRET);
    await postBank(api, { ...bankBody(virtualAccount.accountNumber, '310.00'), bankReference: first.bankReference }, SECRET);
    const [row] = (await keptUnder('BANK', first.bankReference)).held;
    expect((await assignSuspense(row!.id, virtualAccount.accountNumber)).ok).toBe(true);
    const returned = await api.request('POST', `/merchants/me/suspense/${row!.id}/return`, { token, json: { note: 'not ours' } });
    expect([returned.status, (await returned.json()).status]).toEqual([200, 'RETURN_REQUESTED']);
    expect((await keptUnder('BANK', first.bankReference)).paid).toEqual([]);
    expect((await checkLedger({ merchantId: merchant.id })).problems).toEqual([]);
  });

  it('answers duplicate the same way when the later copy names a bill (the one-by-one path)', async () => {
    const { merchant, virtualAccount } = await newMerchant();
    const { bill } = await newBill(merchant.id, { invoiceAccount: false, amount: '640.00' });
    const first = bankBody(unknownAccount, '640.00');
    await postBank(api, first, SECRET);
    const again = { ...bankBody(virtualAccount.accountNumber, '640.00', { narration: `${virtualAccount.accountNumber} ${bill.paymentReference}` }), bankReference: first.bankReference };
    expect(await (await postBank(api, again, SECRET)).json()).toEqual({ status: 'duplicate' });
    expect((await keptUnder('BANK', first.bankReference)).paid).toEqual([]);
  });

  it('keeps an M-Pesa TransAmount of "0" in suspense and answers a later "5.00" under the same TransID as a duplicate', async () => {
    const { merchant, virtualAccount } = await newMerchant();
    const zero = c2bBody(virtualAccount.accountNumber, '0');
    expect(await (await postC2b(api, 'confirmation', zero)).json()).toEqual(ACCEPTED);
    expect(await (await postC2b(api, 'confirmation', { ...zero, TransAmount: '5.00' })).json()).toEqual(ACCEPTED);

    const { paid, held } = await keptUnder('MPESA', zero.TransID);
    expect(paid).toEqual([]);
    expect(held.map((row) => [row.reason, row.amountText])).toEqual([['ZERO_AMOUNT', '0']]);
    expect((await checkLedger({ merchantId: merchant.id })).problems).toEqual([]);
  });

  it('keeps the payment when "5.00" came first, and a later "0" under the same TransID is a duplicate of it', async () => {
    const { virtualAccount } = await newMerchant();
    const five = c2bBody(virtualAccount.accountNumber, '5.00');
    await postC2b(api, 'confirmation', five);
    expect(await (await postC2b(api, 'confirmation', { ...five, TransAmount: '0' })).json()).toEqual(ACCEPTED);
    const { paid, held } = await keptUnder('MPESA', five.TransID);
    expect([paid.map((payment) => payment.amount), held]).toEqual([['5.0000'], []]);
  });

  it('answers a bank copy to an unknown account as a duplicate of the payment its reference already is, with its id', async () => {
    const { virtualAccount } = await newMerchant();
    const first = bankBody(virtualAccount.accountNumber, '75.00');
    const recorded = await (await postBank(api, first, SECRET)).json();
    expect(recorded.status).toBe('recorded');
    const again = { ...bankBody(unknownAccount, '-3'), bankReference: first.bankReference };
    expect(await (await postBank(api, again, SECRET)).json()).toEqual({ status: 'duplicate', paymentId: recorded.paymentId });
    expect((await keptUnder('BANK', first.bankReference)).held).toEqual([]);
  });

  it('names what a differing copy changes: account, amount (as a value, so 5.00 is 5) and currency', () => {
    const kept = { accountReference: '1000000018', amountText: '5.0000', currency: 'KES' };
    expect(differences(kept, { accountReference: '1000000018#INV-1', amountText: '5', currency: 'KES' })).toEqual([]);
    expect(differences(kept, { accountReference: '1000000026', amountText: '0', currency: 'KES' })).toEqual(['account', 'amount']);
    expect(differences(kept, { accountReference: '1000000018', amountText: 'abc', currency: 'USD' })).toEqual(['currency', 'amount']);
  });

  it('never credits nor returns to the payer suspense whose reference is also a payment (a row kept before the rule), and ledger:check lists it', async () => {
    const { merchant, virtualAccount, token } = await signedInMerchant(api);
    const body = bankBody(virtualAccount.accountNumber, '90.00');
    await postBank(api, body, SECRET);
    // As an older version could leave it: the same reference also in suspense, assigned to the merchant.
    const [row] = await db()
      .insert(suspensePayments)
      .values({
        rail: 'BANK', providerReference: body.bankReference, accountNumber: virtualAccount.accountNumber, amount: '90.00', amountText: '90.00', currency: 'KES',
        reason: 'UNKNOWN_ACCOUNT', payload: {}, receivedAt: new Date(), merchantId: merchant.id, virtualAccountId: virtualAccount.id,
      })
      .returning();
    for (const [action, json] of [['return', { note: 'pay them back' }], ['resolve', { virtualAccountId: virtualAccount.id }]] as const) {
      const response = await api.request('POST', `/merchants/me/suspense/${row!.id}/${action}`, { token, json });
      expect([response.status, (await response.json()).code]).toEqual([409, 'reference_is_a_payment']);
    }
    const [after] = await db().select().from(suspensePayments).where(eq(suspensePayments.id, row!.id));
    expect(after!.status).toBe('OPEN');
    expect((await keptUnder('BANK', body.bankReference)).paid).toHaveLength(1);

    const problems = (await checkLedger({ merchantId: merchant.id })).problems.map((problem) => problem.invariant);
    expect(problems).toContain('a rail reference is a payment or held in suspense, never both');
    await db().delete(suspensePayments).where(eq(suspensePayments.id, row!.id));
  });

  it('gives every kept reference its claim, and a resolved suspense row shares its claim with the payment it became', async () => {
    const { merchant, virtualAccount } = await newMerchant();
    const body = bankBody(virtualAccount.accountNumber, '12.00');
    await postBank(api, body, SECRET);
    const claims = await db().select().from(railReferences).where(and(eq(railReferences.rail, 'BANK'), eq(railReferences.providerReference, body.bankReference)));
    expect(claims).toHaveLength(1);
    expect((await checkLedger({ merchantId: merchant.id })).ok).toBe(true);
  });
});
