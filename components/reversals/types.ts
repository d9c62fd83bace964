import type { RouteOutput } from '@/lib/client/types';
import type { reversalRoutes } from '@/lib/reversals/routes';

export type Reversal = RouteOutput<typeof reversalRoutes.list>[number];
