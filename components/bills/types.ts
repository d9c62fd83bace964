import type { RouteOutput } from '@/lib/client/types';
import type { billRoutes } from '@/lib/bills/routes';

export type Bill = RouteOutput<typeof billRoutes.get>;
export type BillStatus = Bill['status'];
