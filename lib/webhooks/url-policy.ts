import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { classifyAddress } from './addresses';

/**
 * The SSRF rules: a webhook goes only to https on public addresses, or, in the sandbox, also to
 * this machine's loopback (http allowed there); ./addresses judges each address. A host is judged
 * by every address it resolves to, at registration and again at every delivery, since DNS can
 * change in between.
 */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

export type UrlVerdict =
  | { ok: true; url: URL; addresses: ResolvedAddress[] }
  | { ok: false; reason: string; unresolved?: boolean };

export const MAX_URL_LENGTH = 2048;

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');
const isLoopbackName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** Whether the URL names a loopback host itself (not through DNS): http is allowed there in the sandbox. */
function namesLoopback(url: URL): boolean {
  const host = bareHost(url);
  return isLoopbackName(host) || (isIP(host) !== 0 && classifyAddress(host).loopback);
}

/** The URL's form alone: scheme, no credentials, a host. */
export function parseEndpointUrl(raw: string, sandbox: boolean): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'Not a valid absolute URL.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'Use an https:// URL.' };
  if (url.username || url.password) return { ok: false, reason: 'Leave credentials out of the URL; verify the signature instead.' };
  if (!url.hostname) return { ok: false, reason: 'The URL has no host.' };
  if (url.protocol === 'http:' && !(sandbox && namesLoopback(url))) {
    return { ok: false, reason: sandbox ? 'Use an https:// URL (http is allowed only for loopback addresses in the sandbox).' : 'Use an https:// URL.' };
  }
  return { ok: true, url };
}

/** Every address of the URL's host, each one allowed; else why not. */
export async function resolveEndpointUrl(url: URL, sandbox: boolean, resolver: Resolver = systemResolver): Promise<UrlVerdict> {
  const host = bareHost(url);
  let addresses: ResolvedAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolver(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'lookup failed';
      return { ok: false, reason: `The host ${host} could not be resolved (${code}).`, unresolved: true };
    }
    if (addresses.length === 0) return { ok: false, reason: `The host ${host} has no address.`, unresolved: true };
  }
  for (const { address } of addresses) {
    const verdict = classifyAddress(address);
    if (verdict.kind === 'public' || (sandbox && verdict.loopback)) continue;
    const named = host === address ? address : `${host} resolves to ${address}, which`;
    return { ok: false, reason: `${named} is ${verdict.description}; webhooks go only to public addresses${sandbox ? ' (or loopback in the sandbox)' : ''}.` };
  }
  return { ok: true, url, addresses };
}

/** The whole check, for a URL as a merchant typed it. */
export async function checkEndpointUrl(raw: string, sandbox: boolean, resolver?: Resolver): Promise<UrlVerdict> {
  const parsed = parseEndpointUrl(raw, sandbox);
  if (!parsed.ok) return parsed;
  return resolveEndpointUrl(parsed.url, sandbox, resolver);
}
