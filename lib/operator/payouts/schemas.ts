import { z } from '@hono/zod-openapi';
import { pageQuery } from '@/lib/api/pagination';
import { Timestamp, Uuid } from '@/lib/api/schemas';

const CurrencyTotals = z.record(z.string(), z.object({ count: z.number().int(), amount: z.string().openapi({ description: 'Exact decimal.' }) }));

export const PayoutBatch = z
  .object({
    id: Uuid,
    messageId: z.string().openapi({ description: 'The pain.001 MsgId, which the bank\'s pain.002 quotes back as OrgnlMsgId.' }),
    transferCount: z.number().int(),
    totals: CurrencyTotals,
    exportedBy: Uuid,
    createdAt: Timestamp,
    statusReports: z.array(z.object({ id: Uuid, fileName: z.string().nullable(), createdAt: Timestamp, paid: z.number().int(), failed: z.number().int(), pending: z.number().int() })),
  })
  .openapi('PayoutBatch');

export const PendingBankPayouts = z
  .object({
    totals: z.array(z.object({ currency: z.string(), count: z.number().int(), amount: z.string() })),
    oldest: z.array(z.object({ id: Uuid, merchant: z.object({ id: Uuid, name: z.string() }), currency: z.string(), amount: z.string(), destination: z.string(), createdAt: Timestamp })),
  })
  .openapi('PendingBankPayouts');

export const PayoutBatchList = z
  .object({ data: z.array(PayoutBatch), nextCursor: z.string().nullable(), pending: PendingBankPayouts })
  .openapi('PayoutBatchList');

export const PayoutBatchQuery = z.object({ ...pageQuery });
export const PayoutBatchParams = z.object({ batchId: Uuid.openapi({ param: { name: 'batchId', in: 'path' } }) });

export const ExportPayoutsRequest = z
  .object({ merchantId: Uuid.optional().openapi({ description: 'Only this merchant\'s bank settlements (paying one merchant out of turn); every merchant\'s when absent.' }) })
  .openapi('ExportPayoutsRequest');

export const ExportPayoutsAnswer = z
  .object({ batch: PayoutBatch.nullable().openapi({ description: 'The file made; null when no bank settlement was waiting (no file is made then).' }) })
  .openapi('ExportPayoutsAnswer');

/** pain.002 files are small (a line or two per transfer); the API takes bodies up to 1 MB. */
export const StatusReportUpload = z
  .object({
    fileName: z.string().trim().max(200).optional(),
    xml: z.string().min(1, 'Choose the bank\'s pain.002 status report file.').max(1_000_000),
  })
  .openapi('StatusReportUpload');

export const StatusReportOutcome = z
  .object({
    id: Uuid,
    originalMessageId: z.string().nullable(),
    groupStatus: z.string().nullable(),
    paid: z.array(Uuid),
    failed: z.array(z.object({ id: Uuid, reason: z.string() })),
    pending: z.array(Uuid),
    unchanged: z.array(z.object({ id: Uuid, status: z.string(), reported: z.string() })),
    unknown: z.array(z.string()),
    unreadStatuses: z.array(z.object({ endToEndId: z.string(), status: z.string() })),
  })
  .openapi('StatusReportOutcome');
