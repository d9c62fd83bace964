import type { ApiApp } from '@/lib/api/context';
import { notFound } from '@/lib/api/errors';
import { encodeCursor, pageOf } from '@/lib/api/pagination';
import { timestampJson } from '@/lib/api/serialize';
import { merchantNames } from '@/lib/merchants/names';
import { db } from '@/lib/platform/db';
import { merchantsOfSettlements, pendingBankSettlements } from '@/lib/settlement/payouts/pending-bank';
import { recordOperatorRead } from '../audit';
import { requirePlatformAdmin } from '../guard';
import { operatorOf } from '../principal';
import { exportPayoutsFromConsole } from './export';
import { importStatusFromConsole } from './import-status';
import { listPayoutFiles, payoutFileById, reportsOfFiles, toPayoutBatchJson } from './queries';
import { operatorPayoutRoutes } from './routes';

/** The console's payouts: files exported and what waits (every operator); export and import (PLATFORM_ADMIN). */
export function registerOperatorPayoutRoutes(app: ApiApp): void {
  app.openapi(operatorPayoutRoutes.list, async (c) => {
    const filters = c.req.valid('query');
    const [rows, pending] = await Promise.all([listPayoutFiles(filters), pendingBankSettlements()]);
    const page = pageOf(c, rows, filters.limit);
    const [reports, names] = await Promise.all([reportsOfFiles(page.map((file) => file.messageId)), merchantNames(pending.oldest.map((row) => row.merchantId))]);
    const last = page.at(-1);
    return c.json(
      {
        data: page.map((file) => toPayoutBatchJson(file, reports)),
        nextCursor: rows.length > filters.limit && last ? encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id }) : null,
        pending: {
          totals: pending.totals,
          oldest: pending.oldest.map(({ merchantId, createdAt, ...row }) => ({ ...row, merchant: { id: merchantId, name: names.get(merchantId) ?? '' }, createdAt: timestampJson(createdAt) })),
        },
      },
      200,
    );
  });

  app.openapi(operatorPayoutRoutes.export, async (c) => {
    const operator = operatorOf(c);
    requirePlatformAdmin(operator);
    return c.json(await exportPayoutsFromConsole(operator, c.req.valid('json').merchantId), 200);
  });

  app.openapi(operatorPayoutRoutes.file, async (c) => {
    const file = await payoutFileById(c.req.valid('param').batchId);
    if (!file) throw notFound('The payout file');
    // The file names each paid merchant's bank account: a read of their records, which they see.
    const merchantIds = await merchantsOfSettlements(db(), file.settlementIds);
    await recordOperatorRead(db(), operatorOf(c), { merchantIds, action: 'payouts.file_downloaded', targetType: 'payout_file', targetId: file.id, summary: `downloaded payout file ${file.messageId}` });
    return c.body(file.xml, 200, {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `attachment; filename="${file.messageId}.xml"`,
    });
  });

  app.openapi(operatorPayoutRoutes.importStatus, async (c) => {
    const operator = operatorOf(c);
    requirePlatformAdmin(operator);
    return c.json(await importStatusFromConsole(operator, c.req.valid('json')), 200);
  });
}
