import type { ApiApp } from '@/lib/api/context';
import { clientAddress } from '@/lib/api/client-address';
import { askPayerPrompt, payerPromptJson, payerPromptOf, payerPromptPath } from './ask';
import { payerPromptRoutes } from './routes';

/** Outside /merchants/*, so not authenticated: the payer link's unguessable token is the credential. */
export function registerPayerPromptRoutes(app: ApiApp): void {
  app.openapi(payerPromptRoutes.ask, async (c) => {
    const { token } = c.req.valid('param');
    const row = await askPayerPrompt(token, c.req.valid('json'), clientAddress(c));
    c.header('Cache-Control', 'no-store');
    c.header('Location', payerPromptPath(token, row.id));
    return c.json(payerPromptJson(token, row), 202);
  });

  app.openapi(payerPromptRoutes.status, async (c) => {
    const { token, initiationId } = c.req.valid('param');
    c.header('Cache-Control', 'no-store');
    return c.json(payerPromptJson(token, await payerPromptOf(token, initiationId)), 200);
  });
}
