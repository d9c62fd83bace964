import { describe, expect, it } from 'vitest';
import { accountTypeDescription, accountTypeLabel, purposeDescription, purposeLabel, viewerGuidance } from '@/lib/accounts/labels';
import { accountPurposes, accountTypes } from '@/lib/accounts/schema';

describe('account labels', () => {
  it('give every purpose and account type a distinct label and a sentence', () => {
    expect(new Set(accountPurposes.map(purposeLabel)).size).toBe(accountPurposes.length);
    expect(new Set(accountTypes.map(accountTypeLabel)).size).toBe(accountTypes.length);
    for (const purpose of accountPurposes) expect(purposeDescription(purpose)).toMatch(/^[A-Z].{20,}\.$/);
    for (const type of accountTypes) expect(accountTypeDescription(type)).toMatch(/^[A-Z].{20,}\.$/);
    expect(purposeLabel('INVOICE')).toBe('Invoice account');
    expect(purposeDescription('INVOICE')).toBe('A one-time account number for a single bill; it closes when the bill is paid, cancelled or expires.');
  });

  it('tell the merchant to hand out an active shilling account as the M-Pesa account number', () => {
    expect(viewerGuidance({ purpose: 'BRAND', accountType: 'STATIC', status: 'ACTIVE', currency: 'KES' })).toBe(
      'Give payers this account number as the M-Pesa account number or bank transfer reference.',
    );
  });

  it('send payers of other currencies to bank transfer, since M-Pesa pays in shillings', () => {
    const guidance = viewerGuidance({ purpose: 'CURRENCY', accountType: 'STATIC', status: 'ACTIVE', currency: 'USD' });
    expect(guidance).toMatch(/bank transfer/);
    expect(guidance).not.toMatch(/M-Pesa/);
  });

  it('keep invoice and customer numbers to their one payer', () => {
    expect(viewerGuidance({ purpose: 'INVOICE', accountType: 'ONE_TIME', status: 'ACTIVE', currency: 'KES' })).toMatch(/only to the payer of this bill/);
    expect(viewerGuidance({ purpose: 'CUSTOMER', accountType: 'STATIC', status: 'ACTIVE', currency: 'KES' })).toMatch(/only to this customer/);
  });

  it('say to stop sharing a closed account, and nothing for a closed invoice account', () => {
    expect(viewerGuidance({ purpose: 'BRAND', accountType: 'STATIC', status: 'CLOSED', currency: 'KES' })).toMatch(/closed/);
    expect(viewerGuidance({ purpose: 'INVOICE', accountType: 'ONE_TIME', status: 'CLOSED', currency: 'KES' })).toBeNull();
  });
});
