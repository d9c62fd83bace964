/**
 * One process, one port: /api/v1/* goes straight to the Hono app, everything else to Next.
 * Start with `npm start` (production build, made when missing) or `npm run dev` (hot reload).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import next from 'next';
import { createApiApp, API_BASE_PATH } from '@/lib/service/app';
import { config, ConfigError, parseConfig, setConfig } from '@/lib/platform/config';
import { openDatabase } from '@/lib/platform/database';
import { ensureDemoMerchant } from '@/lib/service/demo-merchant';
import { guardPortalRequest } from '@/lib/platform/http-guards';
import { concurrencyLimit } from '@/lib/platform/concurrency';
import { returnMemoryWhenIdle } from '@/lib/platform/idle-memory';
import { logger } from '@/lib/platform/logger';
import { builtPortalConfig, ensurePortalBuild } from '@/lib/platform/portal-build';
import { establishSharedSettings } from '@/lib/instances/shared-settings';
import { crontab, tasks } from '@/lib/service/tasks';
import { startWorker } from '@/lib/platform/jobs/worker';
import { serveOperations } from '@/lib/operations/endpoints';
import { projectRoot } from '@/lib/platform/paths';
import { serveInProcess } from '@/lib/client/in-process';

const dev = process.argv.includes('--dev');
// A payments service sends no telemetry unless its operator asks for it (NEXT_TELEMETRY_DISABLED=0).
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const root = projectRoot(); // the same from server.ts under tsx and from the compiled dist/server.mjs

/** Like any reverse proxy: the portal learns the browser's address from the rightmost hop. */
function appendForwardedFor(request: IncomingMessage): void {
  const peer = request.socket.remoteAddress;
  if (!peer) return;
  const existing = request.headers['x-forwarded-for'];
  request.headers['x-forwarded-for'] = existing ? `${existing}, ${peer}` : peer;
}

/**
 * Hands a request to Next and resolves when its response is over (sent or abandoned), so that a
 * render slot is held for as long as the render streams. A browser that went away while the
 * request waited for a slot is not rendered for.
 */
function renderWhenStillWanted(
  request: IncomingMessage,
  response: ServerResponse,
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
): Promise<void> {
  if (request.socket.destroyed) return Promise.resolve();
  return new Promise<void>((resolve) => {
    response.once('close', resolve);
    handle(request, response).catch(() => resolve());
  });
}

async function main(): Promise<void> {
  // `npm install` builds the portal ahead (scripts/postinstall.mjs) with the same check as the start.
  if (process.argv.includes('--build-portal')) {
    await ensurePortalBuild(root, (line) => console.log(line));
    return;
  }
  try {
    setConfig(parseConfig({ ...process.env, NODE_ENV: dev ? 'development' : (process.env.NODE_ENV ?? 'production') }));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const log = logger();

  const database = await openDatabase(config(), { onLog: (line) => log.debug({ postgres: line.trim() }) });
  // Instances on one database agree by construction: the mode and the secrets come from it (or refuse the start).
  const shared = await establishSharedSettings(config()).catch(async (error: unknown) => {
    await database.close(); // an embedded PostgreSQL must not outlive a refused start
    throw error;
  });
  setConfig({ ...config(), SANDBOX: shared.sandbox });
  const settings = config();
  const demo = await ensureDemoMerchant(settings.DEMO_PASSWORD);

  const origin = settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`;
  process.env.NEXTAUTH_SECRET = shared.portalSessionSecret;
  if (settings.PUBLIC_URL) process.env.NEXTAUTH_URL = settings.PUBLIC_URL;
  else process.env.AUTH_TRUST_HOST = 'true';
  // Without a SERVICE_URL of the operator's, the portal's service is this process: it is called in-process.
  const serviceHere = !process.env.SERVICE_URL;
  process.env.SERVICE_URL ??= `http://127.0.0.1:${settings.PORT}`;

  if (!dev && settings.PORTAL_BUILD === 'when-changed') await ensurePortalBuild(root, (line) => log.info(line));

  const worker = await startWorker({ tasks, crontab });
  const api = createApiApp();
  const apiListener = getRequestListener(api.fetch);
  // As if from loopback, as the portal's calls were over HTTP: the X-Forwarded-For it sets is trusted.
  if (serviceHere) serveInProcess(async (request) => api.fetch(request, { incoming: { socket: { remoteAddress: '127.0.0.1' } } }));
  const httpServer = createServer();
  // An idle connection stays open longer than a load balancer keeps one (60 s on most), so that the
  // balancer, not this server, closes it: otherwise a request sent on a connection closed under it
  // fails ("socket hang up", a 502 at the balancer). Node's default, 5 s, did that to any client
  // that paused longer (docs/operations.md, the production layout's settings).
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;
  // Production starts from the configuration the build resolved, as Next's own standalone server
  // does (through this variable, which Next reads in place of next.config.ts): no compiler loaded.
  const built = dev ? undefined : await builtPortalConfig(root);
  if (built) process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(built);
  const portal = next({ dev, dir: root, hostname: settings.HOST, port: settings.PORT, httpServer });
  const portalHandler = portal.getRequestHandler();
  const renders = concurrencyLimit(settings.PORTAL_CONCURRENCY);
  await portal.prepare();

  // With `npm start` (node --expose-gc), the heap a burst grew goes back to the machine once it is over.
  const memory = returnMemoryWhenIdle();
  httpServer.on('request', (request, response) => {
    memory.requestStarted();
    response.once('close', memory.requestEnded);
    if (serveOperations(request, response)) return; // /healthz, /readyz, /metrics
    if (request.url?.startsWith(`${API_BASE_PATH}/`)) {
      void apiListener(request, response);
      return;
    }
    appendForwardedFor(request);
    // TRACE/TRACK answer 405 and an oversize body 413 here, before Next (which would answer 500).
    guardPortalRequest(request, response, () => {
      // Build assets never wait behind page renders: a page's own scripts would queue behind it.
      if (request.url?.startsWith('/_next/static/')) return void portalHandler(request, response);
      void renders.run(() => renderWhenStillWanted(request, response, portalHandler));
    });
  });

  await new Promise<void>((resolve) => httpServer.listen(settings.PORT, settings.HOST, resolve));
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : settings.PORT;
  log.info({ port, dev, embeddedDatabase: database.embedded, sandbox: settings.SANDBOX }, `Collect is listening on ${origin}`);
  memory.started();
  console.log(`\n  Portal:  ${origin}\n  API:     ${origin}${API_BASE_PATH}  (reference: ${origin}/docs)\n`);
  if (demo) console.log(`  Demo merchant created. Sign in with:\n    email:    ${demo.email}\n    password: ${demo.password}\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    memory.stop();
    // A connection answering a request now goes idle afterwards and would stay open for the whole
    // keep-alive time (65 s, above): each is closed as soon as it is idle.
    httpServer.closeIdleConnections();
    const closeIdle = setInterval(() => httpServer.closeIdleConnections(), 100);
    await new Promise((resolve) => httpServer.close(resolve));
    clearInterval(closeIdle);
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error('Cannot start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
