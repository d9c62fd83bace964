import { and, eq, isNull, sql } from 'drizzle-orm';
import { unauthorized } from '@/lib/api/errors';
import { sessions } from '@/lib/auth/schema';
import { merchantIsDisabled } from '@/lib/merchants/directory';
import { merchantDisabled } from '@/lib/auth/sign-in-rules';
import { signAccessToken } from '@/lib/auth/tokens';
import { config } from '@/lib/platform/config';
import { db } from '@/lib/platform/db';
import { apiKeys } from './schema';
import { API_KEY_PATTERN, hashApiKey, sameHash } from './secret';

/**
 * An API key for an access token. The token hangs on a session row of the key that lives as long
 * as the token, so the per-request check (lib/auth/principal.ts) sees a revocation at once.
 */
export async function exchangeApiKey(secret: string) {
  const refused = () => unauthorized('The API key is not valid or has been revoked.', 'invalid_api_key');
  if (!API_KEY_PATTERN.test(secret)) throw refused();
  const hash = hashApiKey(secret);
  const ttl = config().ACCESS_TOKEN_TTL_SECONDS;
  const session = await db().transaction(async (tx) => {
    const [key] = await tx
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiKeys.secretHash, hash), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, secretHash: apiKeys.secretHash, merchantId: apiKeys.merchantId });
    if (!key || !sameHash(key.secretHash, hash)) return undefined;
    // A merchant disabled by the provider's operators signs nothing in (docs/operator.md).
    if (await merchantIsDisabled(key.merchantId, tx)) throw merchantDisabled();
    const [created] = await tx
      .insert(sessions)
      .values({ apiKeyId: key.id, expiresAt: sql`now() + make_interval(secs => ${ttl})` })
      .returning({ id: sessions.id });
    return { id: created!.id, keyId: key.id };
  });
  if (!session) throw refused();
  return {
    accessToken: await signAccessToken({ sub: session.keyId, sid: session.id }),
    tokenType: 'Bearer' as const,
    expiresIn: ttl,
  };
}
