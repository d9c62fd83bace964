import { plainAmount } from '@/components/payments/amounts';
import { channelLabel, matchStatusText } from '@/components/payments/payment-words';
import type { Payment } from '@/components/payments/types';

/**
 * A spreadsheet opens a cell that starts with = + - @ (or a tab or carriage return) as a formula:
 * text a payer chose (a name, a reference) is kept as text by a leading apostrophe (OWASP's advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const asText = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** RFC 4180: a field with a comma, quote or line break is quoted, and its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const csvLine = (fields: string[]) => `${fields.map(csvField).join(',')}\r\n`;

/** An instant as Nairobi wall-clock time with its offset, which spreadsheets and people both read: "2026-03-10 14:05:09 +03:00". */
function nairobiTime(iso: string): string {
  const local = new Date(Date.parse(iso) + 3 * 60 * 60 * 1000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)} +03:00`;
}

const columns: [header: string, value: (payment: Payment) => string][] = [
  ['Received (Nairobi time)', (payment) => nairobiTime(payment.receivedAt)],
  ['Receipt or reference', (payment) => asText(payment.providerReference)],
  ['Channel', (payment) => channelLabel[payment.channel]],
  ['Amount', (payment) => plainAmount(payment.amount, payment.currency)],
  ['Fee', (payment) => plainAmount(payment.feeAmount, payment.currency)],
  ['Net amount', (payment) => plainAmount(payment.netAmount, payment.currency)],
  ['Overpaid', (payment) => plainAmount(payment.overpaidAmount, payment.currency)],
  ['Currency', (payment) => payment.currency],
  ['Match status', (payment) => payment.matchStatus],
  ['What it paid', (payment) => matchStatusText[payment.matchStatus].label],
  ['Payer name', (payment) => asText(payment.payerName ?? '')],
  ['Payer phone', (payment) => asText(payment.payerPhone ?? '')],
  ['Payer account', (payment) => asText(payment.payerAccount ?? '')],
  ['Payer entered', (payment) => asText(payment.billReference ?? '')],
  ['Narration', (payment) => asText(payment.narration ?? '')],
  ['Account number', (payment) => payment.accountNumber],
  ['Bill ID', (payment) => payment.expectedPaymentId ?? ''],
  ['Customer ID', (payment) => payment.customerId ?? ''],
  ['Sub-merchant ID', (payment) => payment.subMerchantId ?? ''],
  ['Payment ID', (payment) => payment.id],
  ['Recorded (Nairobi time)', (payment) => nairobiTime(payment.createdAt)],
];

export const headerLine = () => csvLine(columns.map(([header]) => header));
export const paymentLine = (payment: Payment) => csvLine(columns.map(([, value]) => value(payment)));
