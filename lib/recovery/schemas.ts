import { z } from '@hono/zod-openapi';
import { DarajaAccountResult, DarajaNotice } from '@/lib/rails/daraja-result';

/**
 * Daraja's asynchronous result of a Transaction Status query, POSTed to our ResultURL
 * (docs/reconciliation.md). Read leniently (lib/rails/daraja-result.ts): ResultParameter as a list
 * or one object, numbers as text or numbers, optional parts absent.
 */
export const TransactionStatusResult = z.looseObject({ Result: DarajaAccountResult }).openapi('DarajaTransactionStatusResult');
export type TransactionStatusResultInput = z.infer<typeof TransactionStatusResult>;

export { DarajaNotice };
