import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Date.now() when the whole body had arrived. */
  receivedAt: number;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** Answer after this long. */
  delayMs?: number;
  /** Never answer (until the receiver stops). */
  hang?: boolean;
}

type Replier = (request: ReceivedWebhook, index: number) => Reply;

/** One path of the receiver: its own answers and its own record of what came. */
export interface ReceiverRoute {
  path: string;
  url: string;
  requests: ReceivedWebhook[];
  /** Most requests that were being answered at the same moment. */
  maxInFlight: number;
  reply(replier: Replier | Reply): void;
  /** Resolves with the first `count` requests once they arrived; rejects after timeoutMs. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
}

export interface WebhookReceiver {
  origin: string;
  route(prefix?: string): ReceiverRoute;
  stop(): Promise<void>;
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
}

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: records every request and answers each
 * route as told (status, headers, delay, or no answer at all). 200 by default.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const routes = new Map<string, ReceiverRoute & { replier: Replier; inFlight: number; waiters: (() => void)[] }>();
  let counter = 0;
  const hanging = new Set<ServerResponse>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0]!;
      const route = routes.get(path);
      const received: ReceivedWebhook = { path, headers: flatHeaders(request), body: Buffer.concat(chunks).toString(), receivedAt: Date.now() };
      if (!route) {
        response.writeHead(404).end();
        return;
      }
      route.requests.push(received);
      route.inFlight += 1;
      route.maxInFlight = Math.max(route.maxInFlight, route.inFlight);
      for (const wake of route.waiters.splice(0)) wake();
      const reply = route.replier(received, route.requests.length - 1);
      const answer = () => {
        route.inFlight -= 1;
        if (!response.writableEnded && !response.destroyed) response.writeHead(reply.status ?? 200, reply.headers).end('ok');
      };
      if (reply.hang) hanging.add(response);
      else if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    route(prefix = 'hook') {
      const path = `/${prefix}-${++counter}`;
      const route = {
        path,
        url: `${origin}${path}`,
        requests: [] as ReceivedWebhook[],
        maxInFlight: 0,
        inFlight: 0,
        waiters: [] as (() => void)[],
        replier: (() => ({ status: 200 })) as Replier,
        reply(replier: Replier | Reply) {
          route.replier = typeof replier === 'function' ? replier : () => replier;
        },
        async waitFor(count: number, timeoutMs = 15_000) {
          const deadline = Date.now() + timeoutMs;
          while (route.requests.length < count) {
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`${path} received ${route.requests.length} of ${count} webhooks in ${timeoutMs} ms`);
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, left);
              route.waiters.push(() => {
                clearTimeout(timer);
                resolve();
              });
            });
          }
          return route.requests.slice(0, count);
        },
      };
      routes.set(path, route);
      return route;
    },
    async stop() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
