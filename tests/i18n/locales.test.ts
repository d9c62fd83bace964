import { describe, expect, it } from 'vitest';
import { payerLocale } from '@/lib/i18n/locales';
import en from '../../messages/en.json';
import sw from '../../messages/sw.json';

describe('the language of a payer page', () => {
  it('follows ?lang= when it names a language the page speaks, whatever the browser says', () => {
    expect(payerLocale('sw', 'en-GB,en;q=0.9')).toBe('sw');
    expect(payerLocale('en', 'sw-KE,sw;q=0.9')).toBe('en');
  });

  it("otherwise takes the browser's most preferred language it speaks, region or not", () => {
    expect(payerLocale(null, 'sw-KE,sw;q=0.9,en;q=0.8')).toBe('sw');
    expect(payerLocale(undefined, 'fr-FR, sw;q=0.7, en;q=0.5')).toBe('sw');
    expect(payerLocale(null, 'en;q=0.4, SW;q=0.8')).toBe('sw');
    expect(payerLocale(null, 'en-US,en;q=0.9,sw;q=0.8')).toBe('en');
  });

  it('is English for an unknown ?lang=, a refused language (q=0), no header or a malformed one', () => {
    expect(payerLocale('fr', 'fr')).toBe('en');
    expect(payerLocale('SW; drop table', null)).toBe('en');
    expect(payerLocale(null, 'sw;q=0, fr')).toBe('en');
    expect(payerLocale(null, null)).toBe('en');
    expect(payerLocale(null, ';;,q=abc,')).toBe('en');
  });
});

type Messages = { [key: string]: string | Messages };
const flatten = (messages: Messages, prefix = ''): [string, string][] =>
  Object.entries(messages).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`)));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}|<(\w+)>/g)].map((match) => match[1] ?? `<${match[2]}>`).sort();

describe('the Swahili messages', () => {
  it('say everything the English ones say, with the same placeholders and markup', () => {
    const english = new Map(flatten(en));
    const swahili = new Map(flatten(sw));
    expect([...swahili.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) expect(placeholders(swahili.get(key)!), key).toEqual(placeholders(text));
  });

  it('use the words Kenyan payers see on M-Pesa and their bank', () => {
    expect(sw.payer.mpesa.title).toBe('Lipa kwa M-Pesa');
    expect(sw.payer.mpesa.businessNumber).toContain('Nambari ya Biashara');
    expect(sw.payer.mpesa.accountNumber).toBe('Nambari ya Akaunti');
    expect(sw.payer.facts.amount).toBe('Kiasi');
    expect(sw.payer.bill.payBefore).toBe('Tarehe ya mwisho');
  });
});
