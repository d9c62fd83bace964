import { InspectFooter } from 'paseto';
import { config } from '@/lib/platform/config';
import { loadKeyRing, type KeyRing } from './keys';
import { v4 } from './paseto';

export interface AccessClaims {
  /** user id */
  sub: string;
  /** session id: checked on every request, so logout takes effect at once */
  sid: string;
}

export class TokenRejected extends Error {
  constructor(readonly reason: 'malformed' | 'unknown_key' | 'invalid_signature' | 'expired') {
    super(reason);
  }
}

interface TokenState {
  ring?: Promise<KeyRing>;
  ringLoadedAt: number;
  verified: Map<string, { claims: AccessClaims; expiresAtMs: number }>;
}
const globalTokens = globalThis as unknown as { __collectTokens?: TokenState };
const state: TokenState = (globalTokens.__collectTokens ??= { ringLoadedAt: 0, verified: new Map() });

// Ed25519 through Web Crypto verifies about 2.7k tokens/s here; a token verified once is
// remembered until it expires, so the per-request cost is a map lookup.
const VERIFIED_CACHE_LIMIT = 50_000;
/** An unknown key id (a rotation by another instance) reloads the keys at most this often. */
const RING_RELOAD_INTERVAL_MS = 1_000;
/** Signing moves to a key rotated elsewhere within this long: the keys are re-read in the background. */
const RING_MAX_AGE_MS = 60_000;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function loadRing(): Promise<KeyRing> {
  state.ringLoadedAt = Date.now();
  const ring = loadKeyRing();
  state.ring = ring;
  ring.catch(() => {
    if (state.ring === ring) state.ring = undefined;
  });
  return ring;
}

function keyRing(): Promise<KeyRing> {
  if (!state.ring) return loadRing();
  if (Date.now() - state.ringLoadedAt > RING_MAX_AGE_MS) {
    // Keep answering with the ring in hand; swap when the new one is read (a database hiccup keeps the old one).
    state.ringLoadedAt = Date.now();
    const current = state.ring;
    loadKeyRing().then((ring) => {
      if (state.ring === current) state.ring = Promise.resolve(ring);
    }, () => undefined);
  }
  return state.ring;
}

/** Another instance may have rotated keys: reload at most once a second when an unknown key id appears. */
async function verifyingKey(kid: string) {
  let ring = await keyRing();
  if (!ring.verifying.has(kid) && Date.now() - state.ringLoadedAt > RING_RELOAD_INTERVAL_MS) {
    ring = await loadRing();
  }
  return ring.verifying.get(kid);
}

export function forgetKeyRing(): void {
  state.ring = undefined;
  state.verified.clear();
}

export async function signAccessToken(claims: AccessClaims): Promise<string> {
  const { signing } = await keyRing();
  return v4.Sign(signing.key, { ...claims }, {
    footer: encoder.encode(JSON.stringify({ kid: signing.kid })),
    expiresIn: config().ACCESS_TOKEN_TTL_SECONDS,
  });
}

function footerKeyId(token: string): string {
  try {
    const footer = JSON.parse(decoder.decode(InspectFooter(token))) as { kid?: unknown };
    if (typeof footer.kid === 'string') return footer.kid;
  } catch {
    // fall through: any footer we did not write is malformed
  }
  throw new TokenRejected('malformed');
}

/**
 * The claims of a token this process has verified already (undefined if it has not), without a
 * promise: most requests carry such a token, and the per-request path saves an async step (issue 24).
 */
export function alreadyVerifiedClaims(token: string): AccessClaims | undefined {
  const cached = state.verified.get(token);
  if (!cached) return undefined;
  if (cached.expiresAtMs > Date.now()) return cached.claims;
  state.verified.delete(token);
  throw new TokenRejected('expired');
}

export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  const cached = alreadyVerifiedClaims(token);
  if (cached) return cached;
  if (!token.startsWith('v4.public.')) throw new TokenRejected('malformed');
  const key = await verifyingKey(footerKeyId(token));
  if (!key) throw new TokenRejected('unknown_key');
  let result;
  try {
    result = await v4.Verify(key, token);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_PASETO_CLAIM_VALIDATION' && /expired/i.test((error as Error).message)) {
      throw new TokenRejected('expired');
    }
    throw new TokenRejected(code === 'ERR_PASETO_INVALID_TOKEN' ? 'invalid_signature' : 'malformed');
  }
  const { sub, sid, exp } = result.claims as Record<string, unknown>;
  if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'string') {
    throw new TokenRejected('malformed');
  }
  const claims = { sub, sid };
  if (state.verified.size >= VERIFIED_CACHE_LIMIT) state.verified.delete(state.verified.keys().next().value!);
  state.verified.set(token, { claims, expiresAtMs: Date.parse(exp) });
  return claims;
}
