import { Secret, TOTP } from 'otpauth';
import { hashPassword } from '@/lib/auth/passwords';
import { users } from '@/lib/auth/schema';
import { db } from '@/lib/platform/db';
import { BENCH_PASSWORD, type Target } from './target';

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, string>;
}

/** A new users row of the bench with `role` (and its merchant, if any), signed in through the API. */
export async function signedInBenchUser(target: Target, role: 'PLATFORM_ADMIN' | 'PLAIN_MERCHANT', merchantId: string | null): Promise<string> {
  const email = `bench-${role.toLowerCase()}-${Date.now()}@collect.test`;
  await db().insert(users).values({ email, passwordHash: await hashPassword(BENCH_PASSWORD), role, merchantId, firstName: 'Bench', lastName: role === 'PLATFORM_ADMIN' ? 'Operator' : 'Staff' });
  const { accessToken } = await post(`http://127.0.0.1:${target.apiPort}/api/v1/auth/login`, { email, password: BENCH_PASSWORD });
  return accessToken!;
}

/**
 * A PLATFORM_ADMIN of the bench (a users row with no merchant, as `operator:create` makes), signed
 * in and enrolled in two factors through the API, as the console requires of every operator.
 */
export async function operatorToken(target: Target): Promise<string> {
  const accessToken = await signedInBenchUser(target, 'PLATFORM_ADMIN', null);
  const api = `http://127.0.0.1:${target.apiPort}/api/v1`;
  const { secret } = await post(`${api}/auth/mfa/totp`, {}, accessToken);
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret!) }).generate();
  await post(`${api}/auth/mfa/totp/confirm`, { code }, accessToken);
  return accessToken;
}
