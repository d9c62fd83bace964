import type { ApiApp } from '@/lib/api/context';
import { adminOnly } from '@/lib/auth/require-admin';
import { pageOf } from '@/lib/api/pagination';
import { createApiKey } from './create-api-key';
import { exchangeApiKey } from './exchange';
import { listApiKeys } from './queries';
import { revokeApiKey } from './revoke-api-key';
import { apiKeyRoutes as routes } from './routes';
import { toApiKeyJson } from './serialize';

export function registerApiKeyRoutes(app: ApiApp): void {
  for (const path of ['/merchants/me/api-keys', '/merchants/me/api-keys/*']) app.use(path, adminOnly);
  app.openapi(routes.token, async (c) => c.json(await exchangeApiKey(c.req.valid('json').apiKey), 200));

  app.openapi(routes.create, async (c) => {
    const { key, secret } = await createApiKey(c.get('principal'), c.req.valid('json'));
    return c.json({ ...toApiKeyJson(key), secret }, 201);
  });

  app.openapi(routes.list, async (c) => {
    const query = c.req.valid('query');
    return c.json(pageOf(c, await listApiKeys(c.get('principal'), query), query.limit).map(toApiKeyJson), 200);
  });

  app.openapi(routes.revoke, async (c) => {
    return c.json(toApiKeyJson(await revokeApiKey(c.get('principal'), c.req.valid('param').keyId)), 200);
  });
}
