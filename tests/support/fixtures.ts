import { randomUUID } from 'node:crypto';
import { createMerchant, createSubMerchant, createUser } from '@/lib/merchants/operations';
import type { UserRole } from '@/lib/auth/schema';
import type { TestApi } from './api-server';

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@test.example`;

/** A fresh merchant of its own, so that test files never see each other's rows. */
export async function newMerchant(name = 'Test Merchant') {
  const password = 'correct-horse-battery';
  const created = await createMerchant({ name, email: uniqueEmail('owner'), password, firstName: 'Wanjiku', lastName: 'Kamau' });
  return { ...created, password };
}

export async function newUser(merchantId: string, role: UserRole, subMerchantId?: string) {
  const password = 'correct-horse-battery';
  const user = await createUser({ merchantId, email: uniqueEmail(role.toLowerCase()), password, role, subMerchantId });
  return { user, password };
}

export const newSubMerchant = (merchantId: string, name = `Branch ${randomUUID().slice(0, 6)}`) =>
  createSubMerchant({ merchantId, name });

/** A unique source address per call, so login throttling in one test never leaks into another. */
const octet = () => Math.floor(Math.random() * 254) + 1;
export const freshAddress = () => `10.${octet()}.${octet()}.${octet()}`;

export async function signIn(api: TestApi, email: string, password: string) {
  const response = await api.request('POST', '/auth/login', {
    json: { email, password },
    headers: { 'x-forwarded-for': freshAddress() },
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { accessToken: string; refreshToken: string; expiresIn: number; refreshExpiresIn: number };
}
