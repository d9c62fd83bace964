import type { ApiApp } from '@/lib/api/context';
import { bankAnswer, processBankCredit } from './bank-credit';
import { confirmC2b, DARAJA_ACCEPTED, validateC2b } from './c2b';
import { railRoutes } from './routes';
import { registerSandboxRoutes } from './sandbox-routes';

export function registerRailRoutes(app: ApiApp): void {
  // Failures of all three Daraja routes are answered in Daraja's format by darajaAnswers (routes.ts).
  app.openapi(railRoutes.c2bValidation, async (c) => c.json((await validateC2b(c.req.valid('json'))).answer, 200));

  app.openapi(railRoutes.c2bConfirmation, async (c) => {
    await confirmC2b(c.req.valid('json'), {}, await c.req.text());
    return c.json(DARAJA_ACCEPTED, 200);
  });

  // Errors go to the API's handler: problem+json, 503 with Retry-After while the database is out.
  app.openapi(railRoutes.bankCredit, async (c) => c.json(bankAnswer(await processBankCredit(c.req.valid('json'), {}, await c.req.text())), 200));

  registerSandboxRoutes(app);
}
