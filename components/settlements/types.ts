import type { RouteOutput } from '@/lib/client/types';
import type { settlementRoutes } from '@/lib/settlement/routes';

export type Settlement = RouteOutput<typeof settlementRoutes.get>;
export type SettlementStatus = Settlement['status'];
export type EntryPage = RouteOutput<typeof settlementRoutes.entries>;
export type SettlementEntry = EntryPage['data'][number];
export type EntryTotals = EntryPage['totals'];
export type Balance = RouteOutput<typeof settlementRoutes.balances>['data'][number];
export type SettlementAccount = RouteOutput<typeof settlementRoutes.listAccounts>['data'][number];
export type Schedule = RouteOutput<typeof settlementRoutes.getSchedule>;
