import { unstable_rethrow } from 'next/navigation';
import type { NextRequest } from 'next/server';
import { CSV_PAGE_SIZE, streamedCsv, type CsvPage } from '@/lib/portal/csv-download';
import { refusalResponse, recordId } from '@/lib/portal/refusals';
import { portalClient, requireSession } from '@/lib/portal/session';
import { settlementRoutes } from '@/lib/settlement/routes';
import { entryLine, headerLine, totalsLine } from './csv';

/**
 * Every entry of one settlement as CSV, streamed page by page (lib/portal/csv-download.ts), and a
 * totals line last: a download cut off part-way lacks it too.
 */
export async function GET(_request: NextRequest, { params }: { params: Promise<{ settlementId: string }> }) {
  const session = await requireSession();
  const settlementId = recordId((await params).settlementId);
  const client = portalClient(session);
  let settlement, first: CsvPage;
  try {
    settlement = await client.call(settlementRoutes.get, { params: { settlementId } });
  } catch (error) {
    // An unknown settlement is a 404 with its sentence, not a broken download.
    unstable_rethrow(error);
    return refusalResponse(error);
  }
  const fetchPage = async (cursor: string | undefined): Promise<CsvPage> => {
    const page = await client.call(settlementRoutes.entries, { params: { settlementId }, query: { limit: CSV_PAGE_SIZE, cursor } });
    const next = page.nextCursor ?? undefined;
    return { lines: page.data.map((entry) => entryLine(settlement, entry)).join(''), next, trailer: next ? undefined : totalsLine(settlement, page.totals) };
  };
  try {
    first = await fetchPage(undefined);
  } catch (error) {
    unstable_rethrow(error);
    return refusalResponse(error);
  }
  const filename = `settlement-${settlement.createdAt.slice(0, 10)}-${settlement.id.slice(0, 8)}.csv`;
  return streamedCsv({ header: headerLine(), first, nextPage: fetchPage, filename, what: 'settlement entries' });
}
