import { bankSignature } from '@/lib/rails/bank-signature';
import { jsonText, RawJson } from './hostile';
import type { Operation } from './operations';

/** One request as the fuzzer sends it, and as a finding shows it. */
export interface FuzzRequest {
  method: string;
  /** Path and query, already percent-encoded, starting with /api/v1. */
  target: string;
  headers: Record<string, string>;
  /** The body's text (or bytes); null sends none. */
  body: string | Uint8Array | null;
  /** Send without a Content-Type header at all. */
  omitContentType?: boolean;
  /** Send chunked, without a Content-Length, so that only the streaming body limit sees the size. */
  chunked?: boolean;
  /** A short word on what this case tries, for the findings. */
  label: string;
  /** Sent once this one has been answered (a replayed idempotency key). */
  followUp?: FuzzRequest;
}

export interface RailSecrets {
  mpesa: string;
  bank: string;
}

/**
 * UTF-8 percent-encoding that also encodes lone surrogate halves (as their three WTF-8 bytes,
 * which is what a client with broken strings puts on the wire) instead of throwing as
 * encodeURIComponent does.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(index, index + 2));
      index++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[index]!);
    }
  }
  return out;
}

/** A generated value as it travels in a URL. */
export function urlText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'string') return value;
  return jsonText(value);
}

/** A path segment; "." and ".." would be folded away by the URL parser into another route. */
function pathSegment(value: unknown): string {
  const encoded = percentEncode(urlText(value));
  return encoded === '.' || encoded === '..' ? 'dot' : encoded;
}

export function queryString(query: Record<string, unknown>): string {
  const pairs = Object.entries(query).flatMap(([name, value]) => {
    if (value === undefined) return [];
    const values = Array.isArray(value) ? value : [value];
    return values.map((item) => `${percentEncode(name)}=${percentEncode(urlText(item))}`);
  });
  return pairs.length ? `?${pairs.join('&')}` : '';
}

export function targetOf(operation: Operation, pathValues: Record<string, unknown>, query: Record<string, unknown>): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => pathSegment(pathValues[name]));
  return `${path}${queryString(query)}`;
}

export const isDarajaRoute = (operation: Operation) => operation.path.includes('/rails/daraja/');
export const isBankRoute = (operation: Operation) => operation.path.includes('/rails/bank/');

/** X-Bank-Signature over exactly the bytes sent, as docs/rails.md tells the bank to sign. */
export function signedBankHeader(secret: string, body: string | Uint8Array | null, at = Math.floor(Date.now() / 1000)): string {
  const text = body === null ? '' : typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  return `t=${at},v1=${bankSignature(secret, String(at), text)}`;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

const REQUEST_TIMEOUT_MS = 15_000;

export async function send(baseUrl: string, request: FuzzRequest): Promise<Answer> {
  let body: BodyInit | null = null;
  if (request.body !== null) {
    const bytes = new Uint8Array(typeof request.body === 'string' ? Buffer.from(request.body) : request.body);
    if (request.chunked) {
      body = new ReadableStream({
        start(controller) {
          for (let offset = 0; offset < bytes.length; offset += 64 * 1024) controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
          controller.close();
        },
      });
    } else body = request.omitContentType ? new Blob([bytes]) : bytes;
  }
  const response = await fetch(`${baseUrl}${request.target}`, {
    method: request.method,
    headers: request.headers,
    body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    ...(request.chunked ? { duplex: 'half' } : {}),
  } as RequestInit);
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** The request in one line, control characters escaped, long parts cut: a finding's reproduction. */
export function describeRequest(request: FuzzRequest): string {
  const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}…(${text.length} chars)` : text);
  const headers = Object.entries(request.headers)
    .filter(([name]) => name !== 'authorization' || !request.headers[name]!.startsWith('Bearer v4.public.'))
    .map(([name, value]) => `${name}: ${cut(value, 80)}`);
  const body = request.body === null ? '' : typeof request.body === 'string' ? JSON.stringify(cut(request.body, 400)) : `<${request.body.length} bytes>`;
  return `${request.method} ${cut(request.target, 300)}${headers.length ? ` [${headers.join('; ')}]` : ''}${body ? ` body ${body}` : ''}`;
}
