import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import { balanceEntries } from '@/lib/ledger/schema';
import { payments } from '@/lib/payments/schema';
import { db } from '@/lib/platform/db';
import { bankSignature } from '@/lib/rails/bank-signature';
import { mpesaCallbackSecret } from '@/lib/rails/secrets';
import type { TestApi } from '../support/api-server';

export const receipt = () => `S${randomBytes(6).toString('hex').toUpperCase().slice(0, 9)}`;

/** Daraja's C2B body as its documentation shows it: every value a string. */
export const c2bBody = (billRefNumber: string, amount: string, overrides: Record<string, unknown> = {}) => ({
  TransactionType: 'Pay Bill',
  TransID: receipt(),
  TransTime: '20261121130253',
  TransAmount: amount,
  BusinessShortCode: '4123456',
  BillRefNumber: billRefNumber,
  InvoiceNumber: '',
  OrgAccountBalance: '49197.00',
  ThirdPartyTransID: '',
  MSISDN: '254712345678',
  FirstName: 'Achieng',
  MiddleName: '',
  LastName: 'Otieno',
  ...overrides,
});

export async function postC2b(api: TestApi, step: 'validation' | 'confirmation', body: unknown, token?: string) {
  const secret = token ?? (await mpesaCallbackSecret());
  return api.request('POST', `/rails/daraja/c2b/${step}?token=${encodeURIComponent(secret)}`, { json: body });
}

export const bankBody = (accountNumber: string, amount: string | number, overrides: Record<string, unknown> = {}) => ({
  bankReference: `FT${randomBytes(6).toString('hex').toUpperCase()}`,
  accountNumber,
  amount,
  currency: 'KES',
  payerName: 'Kamau Holdings Ltd',
  payerAccount: '0123456789012',
  narration: accountNumber,
  channel: 'INSTANT_BANK',
  transactionTime: new Date().toISOString(),
  ...overrides,
});

/** Signs exactly the bytes sent, as docs/rails.md tells the bank to. */
export function postBank(api: TestApi, body: unknown, secret: string, options: { at?: number; header?: string } = {}) {
  const raw = JSON.stringify(body);
  const timestamp = String(options.at ?? Math.floor(Date.now() / 1000));
  const header = options.header ?? `t=${timestamp},v1=${bankSignature(secret, timestamp, raw)}`;
  return api.request('POST', '/rails/bank/credit-notifications', { body: raw, headers: { 'content-type': 'application/json', 'x-bank-signature': header } });
}

export async function accountOf(id: string) {
  const [account] = await db().select().from(virtualAccounts).where(eq(virtualAccounts.id, id));
  return account!;
}

export const paymentsWithReference = (reference: string) => db().select().from(payments).where(eq(payments.providerReference, reference));

export const entriesOf = (paymentId: string) => db().select().from(balanceEntries).where(eq(balanceEntries.paymentId, paymentId));
