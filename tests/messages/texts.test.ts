import { describe, expect, it } from 'vitest';
import { composeBillMessage, composeReceipt } from '@/lib/messages/compose';
import en from '@/lib/messages/texts/en.json';
import sw from '@/lib/messages/texts/sw.json';

/** Every key of a catalogue with the placeholders its message uses, e.g. "receipt.sms merchant,amount,…". */
function shape(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key} ${[...new Set(value.match(/\{\w+(?=[,}])/g) ?? [])].sort().join(',')}`] : shape(value as object, `${prefix}${key}.`),
  );
}

const facts = {
  merchant: 'Duka',
  customer: 'Achieng',
  amount: '1000.5',
  currency: 'KES',
  rail: 'BANK' as const,
  providerReference: 'FT26330ABC',
  receivedAt: new Date('2026-11-25T21:30:00Z'),
  billReference: null,
  accountNumber: '7001234567',
  stillDue: null,
};

describe('message texts', () => {
  it('has every English message in Swahili too, with the same placeholders', () => {
    expect(shape(sw)).toEqual(shape(en));
  });

  it('receipts a payment without a bill by its account and bank reference, with no amount due, in Nairobi time', () => {
    expect(composeReceipt('SMS', 'en', facts).body).toBe('Duka: KES 1,000.50 received for account 7001234567. Bank reference FT26330ABC, 26 Nov 2026, 00:30 Nairobi time. Thank you.');
    expect(composeReceipt('SMS', 'sw', facts).body).toBe('Duka: tumepokea KES 1,000.50 kwa akaunti 7001234567. Kumbukumbu ya benki FT26330ABC, 26 Nov 2026, 00:30 saa za Nairobi. Asante.');
  });

  it('greets the customer by name in an email, with a subject, and keeps the whole text', () => {
    const email = composeBillMessage('REMINDER', 'EMAIL', 'sw', { merchant: 'Duka', customer: 'Achieng', reference: 'INV-9', currency: 'KES', stillDue: '250', expiresAt: new Date('2026-12-01T08:00:00Z'), url: 'https://pay.example/pay/abc?lang=sw' });
    expect(email.subject).toBe('Kumbusho: bili INV-9 kutoka kwa Duka');
    expect(email.body).toBe(
      'Habari Achieng,\n\nDuka: kumbusho, bili INV-9 (kiasi kilichobaki KES 250.00) inaisha tarehe 1 Des 2026. Lipa hapa: https://pay.example/pay/abc?lang=sw\n\nUjumbe huu umetumwa na Duka kupitia Collect.',
    );
  });
});
