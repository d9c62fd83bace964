import type { RouteOutput } from '@/lib/client/types';
import type { accountRoutes } from '@/lib/accounts/routes';
import type { merchantRoutes } from '@/lib/merchants/routes';

export type Account = RouteOutput<typeof accountRoutes.get>;
export type BalanceEntry = RouteOutput<typeof accountRoutes.balanceHistory>[number];
export type SubMerchant = RouteOutput<typeof merchantRoutes.listSubMerchants>[number];
