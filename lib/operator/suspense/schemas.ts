import { z } from '@hono/zod-openapi';
import { pageQuery } from '@/lib/api/pagination';
import { Uuid } from '@/lib/api/schemas';
import { SuspensePayment } from '@/lib/suspense/schemas';
import { MerchantRef } from '../payments/schemas';

export const OperatorSuspenseQuery = z.object({
  scope: z
    .enum(['UNKNOWN_MERCHANT', 'ALL_OPEN'])
    .default('UNKNOWN_MERCHANT')
    .openapi({ description: 'UNKNOWN_MERCHANT (default): money whose account number named no merchant, waiting for an operator. ALL_OPEN: every OPEN row, whoever\'s.' }),
  ...pageQuery,
});

export const OperatorSuspenseItem = SuspensePayment.extend({
  accountReference: z.string().nullable().openapi({ description: 'What the payer typed as the account, as the rail sent it.' }),
  merchant: MerchantRef.nullable(),
}).openapi('OperatorSuspenseItem');

export const OperatorSuspenseList = z
  .object({ data: z.array(OperatorSuspenseItem), nextCursor: z.string().nullable() })
  .openapi('OperatorSuspenseList');

export const AssignSuspenseRequest = z
  .object({
    accountNumber: z.string().trim().regex(/^[0-9]{4,20}$/, 'Must be a virtual account number: digits only.').openapi({ example: '0100123456' }),
    reason: z.string().trim().min(5, 'Say why in a few words (at least 5 characters): who confirmed whose money it is.').max(500),
  })
  .openapi('AssignSuspenseRequest');

export const OperatorSuspenseParams = z.object({ suspenseId: Uuid.openapi({ param: { name: 'suspenseId', in: 'path' } }) });
