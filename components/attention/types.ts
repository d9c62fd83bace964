import type { RouteOutput } from '@/lib/client/types';
import type { suspenseRoutes } from '@/lib/suspense/routes';

export type SuspensePayment = RouteOutput<typeof suspenseRoutes.get>;
