import { config } from '@/lib/platform/config';
import { StkProviderError } from './provider';

const TIMEOUT_MS = 10_000;
/** Renew a little before Daraja's expiry, so a token never dies in flight. */
const EXPIRY_MARGIN_MS = 60_000;

export interface DarajaSettings {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
}

export function darajaSettings(): DarajaSettings {
  const settings = config();
  const { DARAJA_CONSUMER_KEY: consumerKey, DARAJA_CONSUMER_SECRET: consumerSecret, DARAJA_SHORTCODE: shortcode, DARAJA_PASSKEY: passkey } = settings;
  if (!consumerKey || !consumerSecret || !shortcode || !passkey) {
    throw new StkProviderError('not_configured', 'DARAJA_CONSUMER_KEY, DARAJA_CONSUMER_SECRET, DARAJA_SHORTCODE and DARAJA_PASSKEY must be set.', false);
  }
  return { baseUrl: settings.DARAJA_BASE_URL.replace(/\/+$/, ''), consumerKey, consumerSecret, shortcode, passkey };
}

const tokens = new Map<string, Promise<{ token: string; expiresAt: number }>>();

async function fetchToken(settings: DarajaSettings) {
  const basic = Buffer.from(`${settings.consumerKey}:${settings.consumerSecret}`).toString('base64');
  const response = await fetch(`${settings.baseUrl}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: `Basic ${basic}` },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: string | number; errorCode?: string };
  if (!response.ok || !body.access_token) {
    throw new StkProviderError(body.errorCode ?? `http_${response.status}`, 'Daraja refused our consumer key and secret.', false);
  }
  return { token: body.access_token, expiresAt: Date.now() + Number(body.expires_in ?? 3599) * 1000 - EXPIRY_MARGIN_MS };
}

/** One OAuth token per key, kept until shortly before it expires; concurrent callers share one fetch. */
async function accessToken(settings: DarajaSettings, renew = false): Promise<string> {
  const key = `${settings.baseUrl}|${settings.consumerKey}`;
  const cached = tokens.get(key);
  if (cached && !renew) {
    const token = await cached.catch(() => undefined);
    if (token && token.expiresAt > Date.now()) return token.token;
  }
  const fetching = fetchToken(settings);
  tokens.set(key, fetching);
  fetching.catch(() => tokens.delete(key));
  return (await fetching).token;
}

export interface DarajaAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** POSTs to Daraja with a bearer token; a token Daraja no longer accepts is renewed once. */
export async function darajaPost(settings: DarajaSettings, path: string, payload: object): Promise<DarajaAnswer> {
  for (let attempt = 0; ; attempt++) {
    const token = await accessToken(settings, attempt > 0);
    const response = await fetch(`${settings.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const invalidToken = response.status === 401 || body.errorCode === '404.001.03';
    if (invalidToken && attempt === 0) continue;
    return { status: response.status, body };
  }
}
