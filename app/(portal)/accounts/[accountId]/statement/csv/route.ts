import { unstable_rethrow } from 'next/navigation';
import type { NextRequest } from 'next/server';
import type { SearchParams } from '@/lib/portal/pagination';
import { refusalResponse } from '@/lib/portal/refusals';
import { portalClient, requireSession } from '@/lib/portal/session';
import { statementRoutes } from '@/lib/statements/routes';
import { statementPeriod } from '../period';
import { statementCsv } from './csv';

/** Excel reads a file as UTF-8 only when it starts with this mark. */
const BYTE_ORDER_MARK = '\uFEFF';

/** The statement of the period as a CSV download; a statement is read whole (the service caps its entries). */
export async function GET(request: NextRequest, { params }: { params: Promise<{ accountId: string }> }) {
  const session = await requireSession();
  const { accountId } = await params;
  const period = statementPeriod(Object.fromEntries(request.nextUrl.searchParams) as SearchParams);
  const statement = await portalClient(session)
    .call(statementRoutes.accountStatement, { params: { virtualAccountId: accountId }, query: period })
    .catch((error: unknown) => {
      unstable_rethrow(error);
      return refusalResponse(error);
    });
  if (statement instanceof Response) return statement;
  return new Response(BYTE_ORDER_MARK + statementCsv(statement), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="statement-${statement.accountNumber}-${statement.from}-to-${statement.to}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
