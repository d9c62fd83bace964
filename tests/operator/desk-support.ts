import { randomInt, randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { hashPassword } from '@/lib/auth/passwords';
import { users } from '@/lib/auth/schema';
import type { PlatformRole } from '@/lib/api/principal';
import { db } from '@/lib/platform/db';
import type { TestApi } from '../support/api-server';
import { signIn } from '../support/fixtures';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field, as a client would
export type Json = Record<string, any>;

const totpCode = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

/**
 * An operator as `operator:create` makes one (a users row with no merchant), signed in at /auth/login
 * and enrolled in two factors as every operator must be before the console answers them.
 */
export async function signedInOperator(api: TestApi, role: PlatformRole = 'PLATFORM_ADMIN', name = { firstName: 'Jane', lastName: 'Wanjiru' }) {
  const password = 'correct-horse-battery';
  const [user] = await db()
    .insert(users)
    .values({ email: `operator-${randomUUID().slice(0, 8)}@collect.test`, passwordHash: await hashPassword(password), role, merchantId: null, ...name })
    .returning();
  const { accessToken } = await signIn(api, user!.email, password);
  const started = (await (await api.request('POST', '/auth/mfa/totp', { token: accessToken })).json()) as { secret: string };
  const confirmed = await api.request('POST', '/auth/mfa/totp/confirm', { token: accessToken, json: { code: totpCode(started.secret) } });
  if (confirmed.status !== 200) throw new Error(`TOTP enrolment failed: ${confirmed.status} ${await confirmed.text()}`);
  return { user: user!, token: accessToken };
}

export async function call(api: TestApi, method: string, path: string, token: string, json?: unknown) {
  const response = await api.request(method, path, { token, json });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json, headers: response.headers };
}

/** A Safaricom number no other test uses (071…, 2547 1…), so that a phone search finds only this test's payments. */
export const uniquePhone = () => `25471${String(randomInt(10_000_000)).padStart(7, '0')}`;
