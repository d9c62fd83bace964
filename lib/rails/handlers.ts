import type { ApiApp } from '@/lib/api/context';
import { bankAnswer, processBankCredit } from './bank-credit';
import { confirmC2b, DARAJA_ACCEPTED, darajaRejected, validateC2b } from './c2b';
import { railRoutes } from './routes';
import { registerSandboxRoutes } from './sandbox-routes';

export function registerRailRoutes(app: ApiApp): void {
  app.openapi(
    railRoutes.c2bValidation,
    async (c) => c.json((await validateC2b(c.req.valid('json'))).answer, 200),
    // Daraja reads only its own format: a request we cannot read is rejected as "other error".
    (result, c) => (result.success ? undefined : c.json(darajaRejected('C2B00016'), 200)),
  );

  app.openapi(railRoutes.c2bConfirmation, async (c) => {
    await confirmC2b(c.req.valid('json'));
    return c.json(DARAJA_ACCEPTED, 200);
  });

  app.openapi(railRoutes.bankCredit, async (c) => c.json(bankAnswer(await processBankCredit(c.req.valid('json'))), 200));

  registerSandboxRoutes(app);
}
