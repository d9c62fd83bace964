import { Secret, TOTP } from 'otpauth';
import type { TestApi } from '../support/api-server';
import { freshAddress, newMerchant, newUser, signIn } from '../support/fixtures';
import type { UserRole } from '@/lib/auth/schema';

/** A merchant with its first user (an administrator), signed in. */
export async function adminOfNewMerchant(api: TestApi) {
  const created = await newMerchant();
  const { accessToken } = await signIn(api, created.user.email, created.password);
  return { ...created, token: accessToken };
}

export async function signedInAs(api: TestApi, merchantId: string, role: UserRole, subMerchantId?: string) {
  const { user, password } = await newUser(merchantId, role, subMerchantId);
  const { accessToken } = await signIn(api, user.email, password);
  return { user, password, token: accessToken };
}

export async function json<T = Record<string, unknown>>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A key of the given role, exchanged for an access token. */
export async function keyToken(api: TestApi, adminToken: string, role: 'PLAIN_MERCHANT' | 'SUPPORT', subMerchantId?: string) {
  const key = await json<{ id: string; secret: string }>(
    await api.request('POST', '/merchants/me/api-keys', { token: adminToken, json: { name: `key ${role}`, role, subMerchantId } }),
    201,
  );
  const { accessToken } = await json<{ accessToken: string }>(await api.request('POST', '/auth/token', { json: { apiKey: key.secret } }), 200);
  return { key, token: accessToken };
}

/** The code an authenticator app would show, computed as the test's own app. */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

export const login = (api: TestApi, email: string, password: string, address = freshAddress()) =>
  api.request('POST', '/auth/login', { json: { email, password }, headers: { 'x-forwarded-for': address } });
