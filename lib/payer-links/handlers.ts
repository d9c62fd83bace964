import type { ApiApp } from '@/lib/api/context';
import { registerPayerPromptRoutes } from './prompts/handlers';
import { payerPage } from './public-page';
import { payerLinkFor, payerLinkJson } from './queries';
import { payerLinkRoutes } from './routes';

export function registerPayerLinkRoutes(app: ApiApp): void {
  app.openapi(payerLinkRoutes.create, async (c) => {
    const { targetType, targetId } = c.req.valid('json');
    const { link, created } = await payerLinkFor(c.get('principal'), targetType, targetId);
    return created ? c.json(payerLinkJson(link), 201) : c.json(payerLinkJson(link), 200);
  });

  // Outside /merchants/*, so deliberately not authenticated: the unguessable token is the credential.
  app.openapi(payerLinkRoutes.open, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await payerPage(c.req.valid('param').token), 200);
  });

  registerPayerPromptRoutes(app);
}
