import 'server-only';
import { mfaRoutes } from '@/lib/auth/mfa/routes';
import { authRoutes } from '@/lib/auth/routes';
import { serviceClient } from '@/lib/client';
import { merchantRoutes } from '@/lib/merchants/routes';
import { OPERATOR_CONSOLE_NAME } from './roles';
import type { PortalUser, TokenPair } from './token';

/** The service's sign-in, refresh and sign-out calls, as the portal's session needs them. */

export async function loginWithPassword(input: {
  email: string;
  password: string;
  forwardedFor?: string;
}): Promise<{ user: PortalUser; pair: TokenPair }> {
  const pair = await serviceClient({ forwardedFor: input.forwardedFor }).call(authRoutes.login, {
    json: { email: input.email, password: input.password },
  });
  return { pair, user: await portalUserOf(pair, input.forwardedFor) };
}

/** The second step of a sign-in with two factors: the token the first step answered and a code. */
export async function loginWithCode(input: { mfaToken: string; code: string; forwardedFor?: string }): Promise<{ user: PortalUser; pair: TokenPair }> {
  const pair = await serviceClient({ forwardedFor: input.forwardedFor }).call(mfaRoutes.login, {
    json: { mfaToken: input.mfaToken, code: input.code },
  });
  return { pair, user: await portalUserOf(pair, input.forwardedFor) };
}

async function portalUserOf(pair: TokenPair, forwardedFor?: string): Promise<PortalUser> {
  const client = serviceClient({ accessToken: pair.accessToken, forwardedFor });
  const me = await client.call(authRoutes.me);
  // An operator has no merchant (and /merchants/me refuses its token): the console is its "merchant".
  const merchant = me.merchantId === null ? { name: OPERATOR_CONSOLE_NAME } : await client.call(merchantRoutes.me);
  const name = `${me.firstName} ${me.lastName}`.trim();
  return {
    id: me.id,
    email: me.email,
    name: name || me.email,
    firstName: me.firstName || name || me.email,
    role: me.role,
    merchantId: me.merchantId ?? '',
    merchantName: merchant.name,
    subMerchantId: me.subMerchantId,
  };
}

export async function exchangeRefreshToken(refreshToken: string): Promise<TokenPair> {
  return serviceClient().call(authRoutes.refresh, { json: { refreshToken } });
}

/** Ends the service session. The refresh token alone is enough, so an expired access token does not matter. */
export async function endServiceSession(tokens: { accessToken?: string; refreshToken: string }): Promise<void> {
  await serviceClient({ accessToken: tokens.accessToken }).call(authRoutes.logout, {
    json: { refreshToken: tokens.refreshToken },
  });
}
