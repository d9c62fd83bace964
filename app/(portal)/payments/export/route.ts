import { unstable_rethrow } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { CSV_PAGE_SIZE, streamedCsv, type CsvPage } from '@/lib/portal/csv-download';
import { nextCursor, type SearchParams } from '@/lib/portal/pagination';
import { paymentRoutes } from '@/lib/payments/routes';
import { refusalResponse } from '@/lib/portal/refusals';
import { portalClient, requireSession } from '@/lib/portal/session';
import { readPaymentFilters } from '../filters';
import { nairobiToday } from '../nairobi-days';
import { headerLine, paymentLine } from './csv';

/** The payments of the current filter as CSV, streamed page by page (lib/portal/csv-download.ts). */
export async function GET(request: NextRequest) {
  const session = await requireSession();
  const query = Object.fromEntries(request.nextUrl.searchParams) as SearchParams;
  const { service } = readPaymentFilters(query);
  const client = portalClient(session);
  const fetchPage = async (cursor: string | undefined): Promise<CsvPage> => {
    const page = await client.request(paymentRoutes.list, { query: { ...service, limit: CSV_PAGE_SIZE, cursor } });
    return { lines: page.data.map(paymentLine).join(''), next: nextCursor(page.headers) };
  };
  let first: CsvPage;
  try {
    first = await fetchPage(undefined);
  } catch (error) {
    // A filter the service refuses (422) is answered with its sentence and status.
    unstable_rethrow(error);
    return refusalResponse(error);
  }
  return streamedCsv({ header: headerLine(), first, nextPage: fetchPage, filename: `payments-${nairobiToday()}.csv`, what: 'payments' });
}
