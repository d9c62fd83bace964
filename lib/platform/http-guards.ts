import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The largest request body the portal takes: 1 MB, as Next's own server-action limit, which
 * next.config.ts sets to the same figure. Refused here first, so the answer is a plain 413, never
 * Next's 500 for a body over its limit.
 */
export const PORTAL_BODY_LIMIT_BYTES = 1024 * 1024;
/** The same limit in Next's notation (experimental.serverActions.bodySizeLimit in next.config.ts). */
export const PORTAL_BODY_LIMIT_TEXT = '1mb';

/** What the service serves; TRACE and TRACK (which echo requests back, cookies included) never. */
export const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

function answer(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    ...headers,
  });
  response.end(text);
}

const tooLarge = (response: ServerResponse) =>
  // The rest of the upload is not read: the connection ends with this answer.
  answer(response, 413, 'Payload Too Large: the request body is larger than 1 MB.\n', { Connection: 'close' });

type Push = IncomingMessage['push'];

/**
 * Holds a body of unknown length (chunked) as Node's parser delivers it, counting as it streams,
 * and hands the request on only once the whole body is in and within the limit. Node's parser
 * calls `request.push` for every chunk, so intercepting it keeps the request object Next expects.
 */
function holdChunkedBody(request: IncomingMessage, response: ServerResponse, limit: number, pass: () => void): void {
  const push: Push = request.push.bind(request);
  const held: Buffer[] = [];
  let size = 0;
  let refused = false;
  request.push = ((chunk: Buffer | null) => {
    if (refused) return true; // discarded: the answer is on its way and the connection closes after it
    if (chunk === null) {
      request.push = push;
      for (const part of held) push(part);
      push(null);
      pass();
      return false;
    }
    size += chunk.length;
    if (size > limit) {
      refused = true;
      held.length = 0;
      tooLarge(response);
      return true;
    }
    held.push(chunk);
    return true;
  }) as Push;
}

/**
 * The portal's door, before Next: TRACE and TRACK answer 405 with Allow, and a body over the limit
 * 413, whether its Content-Length says so or it is chunked and grows past it. `pass` is called once
 * the request may go on (at once for a declared length within the limit: Node's parser never
 * delivers more than declared).
 */
export function guardPortalRequest(
  request: IncomingMessage,
  response: ServerResponse,
  pass: () => void,
  limit = PORTAL_BODY_LIMIT_BYTES,
): void {
  if (request.method === 'TRACE' || request.method === 'TRACK') {
    answer(response, 405, 'Method Not Allowed\n', { Allow: ALLOWED_METHODS });
    return;
  }
  const declared = request.headers['content-length'];
  if (declared !== undefined && request.headers['transfer-encoding'] === undefined) {
    if (Number(declared) > limit) tooLarge(response);
    else pass();
    return;
  }
  if (request.headers['transfer-encoding'] === undefined) return pass(); // no body at all
  holdChunkedBody(request, response, limit, pass);
}
