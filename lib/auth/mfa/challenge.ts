import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '@/lib/platform/db';
import { mfaChallenges } from '../mfa-schema';

/** Long enough to open an authenticator app, short enough that a stolen token is soon worthless. */
export const MFA_CHALLENGE_TTL_SECONDS = 5 * 60;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** After the password matched: the token the second step must bring back. Only its hash is kept. */
export async function issueMfaChallenge(tx: Queryable, userId: string): Promise<string> {
  const token = `mfa_${randomBytes(32).toString('base64url')}`;
  await tx.insert(mfaChallenges).values({ tokenHash: hashOf(token), userId, expiresAt: sql`now() + make_interval(secs => ${MFA_CHALLENGE_TTL_SECONDS})` });
  return token;
}

/** The live, unused challenge, locked for this transaction; wrong codes leave it usable until it expires. */
export async function lockMfaChallenge(tx: Queryable, token: string) {
  const [challenge] = await tx
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.tokenHash, hashOf(token)), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, sql`now()`)))
    .for('update');
  return challenge;
}

export async function useMfaChallenge(tx: Queryable, tokenHash: string): Promise<void> {
  await tx.update(mfaChallenges).set({ usedAt: sql`now()` }).where(eq(mfaChallenges.tokenHash, tokenHash));
}
