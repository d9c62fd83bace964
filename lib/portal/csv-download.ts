import 'server-only';
import { logger } from '@/lib/platform/logger';

/** One page of a download, already written as CSV lines. */
export interface CsvPage {
  lines: string;
  /** The cursor of the next page; none on the last. */
  next: string | undefined;
  /** Written after the last page's lines (a totals line). */
  trailer?: string;
}

/** The service's largest page: fewer round trips, and still only one page in memory. */
export const CSV_PAGE_SIZE = 200;
/** Excel reads a file as UTF-8 (payer names with accents) only when it starts with this mark. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * A CSV download streamed page by page: each page of the service is fetched when the download asks
 * for more, written, and dropped. The first page is fetched by the caller before answering, so that
 * a refusal (a filter the service refuses, an unknown record) is answered with its sentence and
 * status rather than a download cut off at its first line. A failure part-way ends the download with
 * an error, so that a cut-off file is never mistaken for a whole one.
 */
export function streamedCsv(options: { header: string; first: CsvPage; nextPage: (cursor: string) => Promise<CsvPage>; filename: string; what: string }): Response {
  const encoder = new TextEncoder();
  let waiting: CsvPage | undefined = options.first;
  let cursor: string | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BYTE_ORDER_MARK + options.header));
    },
    async pull(controller) {
      try {
        const page = waiting ?? (await options.nextPage(cursor!));
        waiting = undefined;
        cursor = page.next;
        if (page.lines) controller.enqueue(encoder.encode(page.lines));
        if (!cursor) {
          if (page.trailer) controller.enqueue(encoder.encode(page.trailer));
          controller.close();
        }
      } catch (error) {
        logger().error({ err: error }, `${options.what} export stopped part-way`);
        controller.error(new Error('The export stopped part-way.'));
      }
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${options.filename}"`,
      'cache-control': 'no-store',
    },
  });
}
