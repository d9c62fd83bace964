import type { ApiApp } from '@/lib/api/context';
import { registerOperatorPaymentRoutes } from './payments/handlers';
import { registerOperatorPayoutRoutes } from './payouts/handlers';
import { registerOperatorSuspenseRoutes } from './suspense/handlers';

/** The operator desk's routes (issue 26: search, a payment's story, suspense, payouts), behind lib/operator/guard.ts. */
export function registerOperatorDeskRoutes(app: ApiApp): void {
  registerOperatorPaymentRoutes(app);
  registerOperatorSuspenseRoutes(app);
  registerOperatorPayoutRoutes(app);
}
