import type { RouteOutput } from '@/lib/client/types';
import type { customerRoutes } from '@/lib/customers/routes';

export type Customer = RouteOutput<typeof customerRoutes.get>;
