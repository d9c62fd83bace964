import { describe, expect, it } from 'vitest';
import { instantBankCopy, mobileMoneyCopy, rtgsCopy, rtgsNarration, stkPushCopy, type CopyInput } from '@/lib/payment-options/copy';
import { amountDue, paymentOptionsOf } from '@/lib/payment-options/build';

const where = { paybillNumber: '4123456', paybillName: 'Collect Demo Paybill', bankName: 'Demo Bank', bankBranch: 'Nairobi Head Office', swiftCode: 'DEMOKENXXXX' };
const open: CopyInput = { ...where, accountNumber: '1000000018', accountName: 'Duka La Juma', reference: null, amount: null };
const bill: CopyInput = { ...open, reference: 'INV-2026-001', amount: 'KES 1,500.50' };

describe('M-Pesa Pay Bill copy', () => {
  it('walks the payer through the menu in numbered steps, one per line', () => {
    const steps = mobileMoneyCopy(open).split('\n');
    expect(steps).toEqual([
      'To pay with M-Pesa:',
      '1. Open the M-Pesa menu on your phone.',
      '2. Select Lipa na M-Pesa.',
      '3. Select Pay Bill.',
      '4. Enter business number 4123456.',
      '5. Enter account number 1000000018.',
      '6. Enter the amount you want to pay.',
      '7. Enter your M-Pesa PIN and confirm that the payment goes to Collect Demo Paybill.',
      'M-Pesa sends you a confirmation SMS once the payment has gone through.',
    ]);
  });

  it('names the amount of a bill', () => {
    expect(mobileMoneyCopy(bill)).toContain('6. Enter the amount: KES 1,500.50.');
  });
});

describe('phone prompt, instant bank and RTGS copy', () => {
  it('tells the payer what the phone prompt will ask, with the amount when there is one', () => {
    expect(stkPushCopy(open)).toMatch(/^You will get an M-Pesa prompt on your phone to pay Collect Demo Paybill, account 1000000018\./);
    expect(stkPushCopy(bill)).toContain('to pay KES 1,500.50 to Collect Demo Paybill');
    expect(stkPushCopy(bill)).toContain('M-Pesa PIN');
  });

  it('gives bank, account number and name for an instant transfer, and the reference and amount of a bill', () => {
    expect(instantBankCopy(open)).toContain('Bank: Demo Bank\nAccount number: 1000000018\nAccount name: Duka La Juma');
    expect(instantBankCopy(open)).not.toMatch(/Reference|Amount/);
    expect(instantBankCopy(bill)).toContain('Amount: KES 1,500.50\nReference: INV-2026-001');
  });

  it('gives every RTGS detail and the narration to write', () => {
    const copy = rtgsCopy(bill);
    for (const line of ['Bank: Demo Bank', 'Branch: Nairobi Head Office', 'SWIFT code: DEMOKENXXXX', 'Account name: Duka La Juma', 'Account number: 1000000018', 'Amount: KES 1,500.50', 'Narration: 1000000018 INV-2026-001']) {
      expect(copy).toContain(line);
    }
    expect(rtgsNarration(open)).toBe('1000000018');
  });
});

describe('payment options object', () => {
  it('has exactly the spec\'s fields and, for KES, one option per channel with exactly its fields', () => {
    const options = paymentOptionsOf({ ...open, currency: 'KES', accountCurrency: 'KES' }, where);
    expect(Object.keys(options).sort()).toEqual(
      ['instantBankCustomerFacingCopy', 'mobileMoneyCustomerFacingCopy', 'options', 'referenceHint', 'rtgsCustomerFacingCopy', 'rtgsNarrationHint', 'stkPushCustomerFacingCopy', 'virtualAccountName', 'virtualAccountNumber'].sort(),
    );
    expect(options.options.map((option) => option.channel)).toEqual(['MOBILE_MONEY', 'INSTANT_BANK', 'RTGS']);
    expect(Object.keys(options.options[0]!).sort()).toEqual(['accountNumber', 'channel', 'displayName', 'paybillNumber', 'paybillNumberName']);
    expect(Object.keys(options.options[1]!).sort()).toEqual(['accountNumber', 'bankName', 'channel', 'displayName']);
    expect(Object.keys(options.options[2]!).sort()).toEqual(['accountName', 'accountNumber', 'bankName', 'branchName', 'channel', 'displayName', 'swiftCode']);
    expect(options.referenceHint).toBeNull();
  });

  it('asks for what is still owed on a part-paid bill, exactly', () => {
    expect(amountDue({ amount: '1500.5', amountPaid: '0', currency: 'KES' })).toBe('KES 1,500.50');
    expect(amountDue({ amount: '1500.5', amountPaid: '1000.3', currency: 'KES' })).toBe('KES 500.20');
    expect(amountDue({ amount: '0.3', amountPaid: '0.1', currency: 'KES' })).toBe('KES 0.20');
  });
});
