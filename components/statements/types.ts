import type { RouteOutput } from '@/lib/client/types';
import type { statementRoutes } from '@/lib/statements/routes';

export type AccountStatement = RouteOutput<typeof statementRoutes.accountStatement>;
export type StatementEntry = AccountStatement['entries'][number];
