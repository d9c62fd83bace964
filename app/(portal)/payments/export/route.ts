import { unstable_rethrow } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { logger } from '@/lib/platform/logger';
import { nextCursor, type SearchParams } from '@/lib/portal/pagination';
import { paymentRoutes } from '@/lib/payments/routes';
import { refusalResponse } from '@/lib/portal/refusals';
import { portalClient, requireSession } from '@/lib/portal/session';
import { readPaymentFilters } from '../filters';
import { nairobiToday } from '../nairobi-days';
import { headerLine, paymentLine } from './csv';

/** The service's largest page: fewer round trips, and still only one page in memory. */
const PAGE_SIZE = 200;
/** Excel reads a file as UTF-8 (payer names with accents) only when it starts with this mark. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * The payments of the current filter as CSV, streamed: each page of the service is fetched when
 * the download asks for more, written, and dropped. A failure part-way ends the download with an
 * error, so that a cut-off file is never mistaken for a whole one.
 */
export async function GET(request: NextRequest) {
  const session = await requireSession();
  const query = Object.fromEntries(request.nextUrl.searchParams) as SearchParams;
  const { service } = readPaymentFilters(query);
  const client = portalClient(session);
  const encoder = new TextEncoder();
  // The first page is asked for before answering, so that a filter the service refuses (422) is
  // answered with its sentence and status rather than a download cut off at its first line.
  const fetchPage = (cursor: string | undefined) => client.request(paymentRoutes.list, { query: { ...service, limit: PAGE_SIZE, cursor } });
  let first: Awaited<ReturnType<typeof fetchPage>> | undefined;
  try {
    first = await fetchPage(undefined);
  } catch (error) {
    unstable_rethrow(error);
    return refusalResponse(error);
  }
  let cursor: string | undefined;

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BYTE_ORDER_MARK + headerLine()));
    },
    async pull(controller) {
      try {
        const page = first ?? (await fetchPage(cursor));
        first = undefined;
        cursor = nextCursor(page.headers);
        if (page.data.length > 0) controller.enqueue(encoder.encode(page.data.map(paymentLine).join('')));
        if (!cursor) controller.close();
      } catch (error) {
        logger().error({ err: error }, 'payments export stopped part-way');
        controller.error(new Error('The export stopped part-way.'));
      }
    },
  });

  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="payments-${nairobiToday()}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
