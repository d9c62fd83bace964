import { unstable_rethrow } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { logger } from '@/lib/platform/logger';
import { refusalResponse, recordId } from '@/lib/portal/refusals';
import { portalClient, requireSession } from '@/lib/portal/session';
import { settlementRoutes } from '@/lib/settlement/routes';
import { entryLine, headerLine, totalsLine } from './csv';

/** The service's largest page: fewer round trips, and still only one page in memory. */
const PAGE_SIZE = 200;
/** Excel reads a file as UTF-8 only when it starts with this mark. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Every entry of one settlement as CSV, streamed page by page as the download asks for more, and
 * a totals line last. A failure part-way ends the download with an error, so that a cut-off file
 * is never mistaken for a whole one (it would lack its totals line too).
 */
export async function GET(_request: NextRequest, { params }: { params: Promise<{ settlementId: string }> }) {
  const session = await requireSession();
  const settlementId = recordId((await params).settlementId);
  const client = portalClient(session);
  const fetchPage = (cursor: string | undefined) => client.call(settlementRoutes.entries, { params: { settlementId }, query: { limit: PAGE_SIZE, cursor } });
  // Asked before answering, so that an unknown settlement is a 404 with its sentence, not a broken download.
  let settlement, first: Awaited<ReturnType<typeof fetchPage>> | undefined;
  try {
    [settlement, first] = await Promise.all([client.call(settlementRoutes.get, { params: { settlementId } }), fetchPage(undefined)]);
  } catch (error) {
    unstable_rethrow(error);
    return refusalResponse(error);
  }
  const encoder = new TextEncoder();
  let cursor: string | undefined;

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BYTE_ORDER_MARK + headerLine()));
    },
    async pull(controller) {
      try {
        const page = first ?? (await fetchPage(cursor));
        first = undefined;
        cursor = page.nextCursor ?? undefined;
        if (page.data.length > 0) controller.enqueue(encoder.encode(page.data.map((entry) => entryLine(settlement, entry)).join('')));
        if (!cursor) {
          controller.enqueue(encoder.encode(totalsLine(settlement, page.totals)));
          controller.close();
        }
      } catch (error) {
        logger().error({ err: error }, 'settlement entries export stopped part-way');
        controller.error(new Error('The export stopped part-way.'));
      }
    },
  });

  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="settlement-${settlement.createdAt.slice(0, 10)}-${settlement.id.slice(0, 8)}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
