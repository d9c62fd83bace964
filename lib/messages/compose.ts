import { formatMoney, toUnits } from '@/lib/money/decimal';
import type { MessageChannel, MessageKind, MessageLanguage } from './schema';
import { shortenedSms } from './segments';
import { nairobiDate, nairobiTime, textsIn, type TextKey } from './texts';

/** The words of one message, for one channel: an SMS of at most two parts, or an email with its subject. */
export interface Composed {
  subject: string | null;
  body: string;
}

interface Names {
  merchant: string;
  customer: string | null;
}

/** An SMS template's names shortened when the text would take more than two parts; an email's text whole, greeted. */
function composeFor(channel: MessageChannel, language: MessageLanguage, names: Names, subjectKey: TextKey, smsKey: TextKey, values: Record<string, string>): Composed {
  const t = textsIn(language);
  if (channel === 'SMS') {
    return { subject: null, body: shortenedSms((shortened) => t(smsKey, { ...values, merchant: shortened.merchant! }), { merchant: names.merchant }) };
  }
  const greeting = names.customer ? t('email.greeting', { customer: names.customer }) : t('email.greetingNoName');
  const body = [greeting, '', t(smsKey, { ...values, merchant: names.merchant }), '', t('email.footer', { merchant: names.merchant })].join('\n');
  return { subject: t(subjectKey, { ...values, merchant: names.merchant }), body };
}

export interface ReceiptFacts {
  merchant: string;
  customer: string | null;
  amount: string;
  currency: string;
  rail: 'MPESA' | 'BANK';
  providerReference: string;
  receivedAt: Date;
  /** The bill's reference, or null for a payment into an account with no bill. */
  billReference: string | null;
  accountNumber: string;
  /** What the bill still needs after this payment; null without a bill. */
  stillDue: string | null;
}

export function composeReceipt(channel: MessageChannel, language: MessageLanguage, facts: ReceiptFacts): Composed {
  const t = textsIn(language);
  const values = {
    amount: formatMoney(facts.amount, facts.currency),
    target: facts.billReference ? t('receipt.forBill', { reference: facts.billReference }) : t('receipt.forAccount', { account: facts.accountNumber }),
    railLabel: t(`rail.${facts.rail}`),
    receipt: facts.providerReference,
    time: nairobiTime(facts.receivedAt, language),
    due: facts.stillDue === null ? 'open' : toUnits(facts.stillDue) > 0n ? formatMoney(facts.stillDue, facts.currency) : 'none',
  };
  return composeFor(channel, language, facts, 'receipt.subject', 'receipt.sms', values);
}

export interface BillFacts {
  merchant: string;
  customer: string | null;
  reference: string;
  currency: string;
  stillDue: string;
  expiresAt: Date;
  url: string;
}

export function composeBillMessage(kind: Extract<MessageKind, 'BILL_LINK' | 'REMINDER'>, channel: MessageChannel, language: MessageLanguage, facts: BillFacts): Composed {
  const values = { reference: facts.reference, due: formatMoney(facts.stillDue, facts.currency), expires: nairobiDate(facts.expiresAt, language), url: facts.url };
  return kind === 'BILL_LINK'
    ? composeFor(channel, language, facts, 'billLink.subject', 'billLink.sms', values)
    : composeFor(channel, language, facts, 'reminder.subject', 'reminder.sms', values);
}
