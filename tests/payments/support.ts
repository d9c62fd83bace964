import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { virtualAccounts } from '@/lib/accounts/schema';
import type { InboundPayment } from '@/lib/payments/inbound';
import { db } from '@/lib/platform/db';
import type { TestApi } from '../support/api-server';
import { newMerchant, signIn } from '../support/fixtures';

/** A fresh M-Pesa-style receipt: 10 capitals and digits. */
export const receipt = () => randomBytes(8).toString('hex').toUpperCase().slice(0, 10);

export const mpesa = (accountReference: string, amount: string, extra: Partial<InboundPayment> = {}): InboundPayment => ({
  rail: 'MPESA',
  channel: 'MOBILE_MONEY',
  providerReference: receipt(),
  accountReference,
  amount,
  currency: 'KES',
  payerName: 'Achieng Otieno',
  payerPhone: '254712345678',
  receivedAt: new Date(),
  ...extra,
});

export async function accountById(id: string) {
  const [account] = await db().select().from(virtualAccounts).where(eq(virtualAccounts.id, id));
  return account!;
}

/** A merchant signed in through the API, with its LEGACY account. */
export async function signedInMerchant(api: TestApi) {
  const created = await newMerchant();
  const { accessToken } = await signIn(api, created.user.email, created.password);
  return { ...created, token: accessToken };
}

export async function createBill(api: TestApi, token: string, body: Record<string, unknown>) {
  const response = await api.request('POST', '/merchants/me/expected-payments', {
    token,
    json: { paymentReference: `INV-${randomBytes(4).toString('hex')}`, expiresAt: new Date(Date.now() + 86_400_000).toISOString(), ...body },
  });
  if (response.status !== 201) throw new Error(`bill not created: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; paymentReference: string; virtualAccountId?: string; virtualAccountNumber?: string; status: string; matchedCreditId: string | null };
}

export async function getBill(api: TestApi, token: string, id: string) {
  return (await (await api.request('GET', `/merchants/me/expected-payments/${id}`, { token })).json()) as { status: string; matchedCreditId: string | null };
}
