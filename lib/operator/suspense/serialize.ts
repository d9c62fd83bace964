import { payloadOf, toSuspenseJson, type SuspenseRow } from '@/lib/suspense/serialize';

/** A suspense row for the console: with what the payer typed and whose it is (null: nobody's yet). */
export const toOperatorSuspenseJson = (row: SuspenseRow, names: Map<string, string>) => ({
  ...toSuspenseJson(row),
  accountReference: payloadOf(row).accountReference ?? null,
  merchant: row.merchantId ? { id: row.merchantId, name: names.get(row.merchantId) ?? '' } : null,
});
