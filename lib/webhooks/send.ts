import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import type { ResolvedAddress } from './url-policy';

export interface SendResult {
  status: number | null;
  retryAfter: string | null;
  location: string | null;
  durationMs: number;
  error: string | null;
}

export interface Outgoing {
  url: URL;
  /** The addresses that passed the SSRF check: the connection goes to one of these and nowhere else. */
  addresses: ResolvedAddress[];
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** Idle sockets are closed before a typical server's 5 s keep-alive, to avoid reusing one it just closed. */
const IDLE_SOCKET_MS = 4_000;

class WebhookAgent extends http.Agent {
  // node returns false from this to drop the socket: the value must pass through (its types say void).
  override keepSocketAlive(socket: Socket) {
    socket.setTimeout(IDLE_SOCKET_MS);
    return super.keepSocketAlive(socket);
  }
}
class SecureWebhookAgent extends https.Agent {
  override keepSocketAlive(socket: Socket) {
    socket.setTimeout(IDLE_SOCKET_MS);
    return super.keepSocketAlive(socket);
  }
}
const agents = { http: new WebhookAgent({ keepAlive: true }), https: new SecureWebhookAgent({ keepAlive: true }) };

/** DNS answers already checked are used as they are: no second lookup can swap in another address. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

const describe = (error: NodeJS.ErrnoException) => {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'Connection refused.';
    case 'ECONNRESET':
      return 'The connection was reset before an answer came.';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'The host could not be reached.';
    default:
      return error.code ? `Connection failed (${error.code}).` : error.message;
  }
};

function attempt(outgoing: Outgoing): Promise<SendResult & { reusedSocket: boolean; code?: string }> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const secure = outgoing.url.protocol === 'https:';
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult & { code?: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...result, reusedSocket: request.reusedSocket });
    };
    // No redirect is ever followed: node's client does not, and a 3xx is reported as a failure.
    const request = (secure ? https : http).request(outgoing.url, {
      method: 'POST',
      agent: secure ? agents.https : agents.http,
      lookup: pinnedLookup(outgoing.addresses),
      headers: { ...outgoing.headers, 'content-length': String(Buffer.byteLength(outgoing.body)) },
      timeout: outgoing.timeoutMs,
    });
    const deadline = setTimeout(() => request.destroy(Object.assign(new Error('timeout'), { code: 'WEBHOOK_TIMEOUT' })), outgoing.timeoutMs);
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'WEBHOOK_TIMEOUT' })));
    request.on('response', (response) => {
      const header = (name: string) => {
        const value = response.headers[name];
        return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
      };
      // The answer's body is not read: drain it so the socket can be reused.
      response.resume();
      response.on('error', () => undefined);
      finish({ status: response.statusCode ?? null, retryAfter: header('retry-after'), location: header('location'), durationMs: elapsed(), error: null });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const timedOut = error.code === 'WEBHOOK_TIMEOUT';
      finish({
        status: null,
        retryAfter: null,
        location: null,
        durationMs: elapsed(),
        error: timedOut ? `No answer within ${Math.round(outgoing.timeoutMs / 1000)} s.` : describe(error),
        code: error.code,
      });
    });
    request.end(outgoing.body);
  });
}

/**
 * One POST. A kept-alive socket the server closed just as we reused it fails before anything was
 * sent; that case (only) is tried once more on a fresh connection, as node's documentation advises.
 */
export async function postWebhook(outgoing: Outgoing): Promise<SendResult> {
  const first = await attempt(outgoing);
  const stale = first.reusedSocket && first.status === null && (first.code === 'ECONNRESET' || first.code === 'EPIPE');
  const { reusedSocket: _reused, code: _code, ...result } = stale ? await attempt(outgoing) : first;
  return result;
}
