import { afterEach, describe, expect, it } from 'vitest';
import { serviceClient, ServiceError } from '@/lib/client';
import { serveInProcess, type ServiceFetch } from '@/lib/client/in-process';
import { authRoutes } from '@/lib/auth/routes';
import { paymentRoutes } from '@/lib/payments/routes';
import { createApiApp } from '@/lib/service/app';
import { signedInMerchant } from '../payments/support';
import { useTestApi } from '../support/api-server';

const api = useTestApi();

/** Nothing listens here: a call that reaches it over HTTP fails. */
const NOWHERE = 'http://127.0.0.1:9';

const store = globalThis as unknown as { __collectInProcessService?: ServiceFetch };
afterEach(() => {
  delete store.__collectInProcessService;
});

/** The API app in this process, as server.ts registers it, counting the requests it answers. */
function serviceInThisProcess() {
  const app = createApiApp();
  const seen: Request[] = [];
  serveInProcess(async (request) => {
    seen.push(request.clone());
    return app.fetch(request, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
  });
  return seen;
}

describe("the portal's client with the service in its own process", () => {
  it('calls the API app directly, with the caller token and address, and reads its answers and problems as over HTTP', async () => {
    const { token } = await signedInMerchant(api);
    const seen = serviceInThisProcess();
    const previous = process.env.SERVICE_URL;
    process.env.SERVICE_URL = NOWHERE;
    try {
      const client = serviceClient({ accessToken: token, forwardedFor: '196.201.214.9' });
      expect(await client.call(paymentRoutes.list, { query: { limit: 5 } })).toEqual([]);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.headers.get('authorization')).toBe(`Bearer ${token}`);
      expect(seen[0]!.headers.get('x-forwarded-for')).toBe('196.201.214.9');
      expect(new URL(seen[0]!.url).pathname).toBe('/api/v1/merchants/me/payments');

      const refused = await serviceClient().call(authRoutes.me).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ServiceError);
      expect(refused).toMatchObject({ status: 401 });
    } finally {
      process.env.SERVICE_URL = previous;
    }
  });

  it('goes over HTTP to a service named by baseUrl, even with one in this process', async () => {
    const { token } = await signedInMerchant(api);
    const seen = serviceInThisProcess();
    expect(await serviceClient({ accessToken: token, baseUrl: api.baseUrl }).call(paymentRoutes.list)).toEqual([]);
    expect(seen).toEqual([]);
    await expect(serviceClient({ accessToken: token, baseUrl: NOWHERE }).call(paymentRoutes.list)).rejects.toThrow();
  });
});
