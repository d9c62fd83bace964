/**
 * The service, when it runs in this very process (server.ts serves both faces on one port). The
 * portal's calls then go straight to the API app's fetch handler: the same Request and Response,
 * without a loopback socket, HTTP parsing on both sides and undici in between (measured at a fifth
 * of a portal page's time, docs/benchmarks.md). Kept on globalThis because Next loads the portal's
 * modules apart from server.ts's. Unset (a portal pointed at a service elsewhere, with SERVICE_URL,
 * or tests), the client calls over HTTP.
 */
export type ServiceFetch = (request: Request) => Promise<Response>;

const store = globalThis as unknown as { __collectInProcessService?: ServiceFetch };

export function serveInProcess(fetch: ServiceFetch): void {
  store.__collectInProcessService = fetch;
}

export const inProcessService = (): ServiceFetch | undefined => store.__collectInProcessService;
