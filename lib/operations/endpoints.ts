import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { config } from '@/lib/platform/config';
import { operationsRegistry } from './gauges';
import { checkReadiness } from './readiness';

/** Served by server.ts on the app's port before Next and outside /api/v1 (load balancers and Prometheus expect these names). */
export const OPERATIONS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

function answer(response: ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  response.end(body);
}

const json = (response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) =>
  answer(response, status, 'application/json', `${JSON.stringify(value)}\n`, headers);

const isLoopback = (address: string | undefined) =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\./.test(address));

/** Compared as digests: equal lengths, so timingSafeEqual runs in the same time whatever was sent. */
function tokenMatches(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/**
 * Who may read /metrics: with METRICS_TOKEN set, whoever sends it as a Bearer token (from
 * anywhere); without it, only a client on this machine, and not through a proxy on it (a request
 * carrying X-Forwarded-For or Forwarded came from further away than its loopback peer).
 */
export function metricsAccess(request: IncomingMessage, token = config().METRICS_TOKEN): 'allowed' | 'unauthorized' | 'forbidden' {
  if (token) {
    const match = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
    return match && tokenMatches(match[1]!.trim(), token) ? 'allowed' : 'unauthorized';
  }
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return isLoopback(request.socket.remoteAddress) && !proxied ? 'allowed' : 'forbidden';
}

async function serveMetrics(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const access = metricsAccess(request);
  if (access === 'unauthorized') return json(response, 401, { error: 'A valid METRICS_TOKEN is required as a Bearer token.' }, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
  if (access === 'forbidden') return json(response, 403, { error: 'Metrics are served to this machine only; set METRICS_TOKEN to read them from elsewhere.' });
  const registry = operationsRegistry();
  answer(response, 200, registry.contentType, await registry.metrics());
}

/**
 * /healthz (the process serves: always 200 while it does), /readyz (200 when the database answers,
 * its migrations are applied and the job worker runs, else 503 naming the failed check) and
 * /metrics. Returns false for any other path, which the caller then serves.
 */
export function serveOperations(request: IncomingMessage, response: ServerResponse): boolean {
  const pathname = (request.url ?? '').split('?')[0]!;
  if (!OPERATIONS_PATHS.has(pathname)) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    json(response, 405, { error: 'Method Not Allowed' }, { Allow: 'GET, HEAD' });
    return true;
  }
  const done = (work: Promise<void>) =>
    void work.catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: (error as Error).message });
      else response.destroy();
    });
  if (pathname === '/healthz') json(response, 200, { status: 'ok' });
  else if (pathname === '/readyz') {
    done(
      checkReadiness().then((readiness) =>
        json(response, readiness.ready ? 200 : 503, { status: readiness.ready ? 'ready' : 'not ready', ...readiness.checks }, readiness.ready ? {} : { 'Retry-After': '5' }),
      ),
    );
  } else done(serveMetrics(request, response));
  return true;
}
