import { z } from '@hono/zod-openapi';

const DarajaValue = z.union([z.string(), z.number()]).nullish();
const KeyValue = z.looseObject({ Key: z.string(), Value: z.unknown().optional() });
/** Daraja writes a one-item list as the item itself: both are read as a list. */
const OneOrMany = z.union([z.array(KeyValue), KeyValue]).optional();

/** Daraja's asynchronous result of a Transaction Status query, POSTed to our ResultURL (docs/reconciliation.md). */
export const TransactionStatusResult = z
  .object({
    Result: z.looseObject({
      ResultType: DarajaValue,
      ResultCode: z.union([z.string(), z.number()]).openapi({ example: 0 }),
      ResultDesc: z.string().nullish().openapi({ example: 'The service request is processed successfully.' }),
      OriginatorConversationID: DarajaValue,
      ConversationID: DarajaValue,
      TransactionID: DarajaValue,
      ResultParameters: z.looseObject({ ResultParameter: OneOrMany }).nullish(),
      ReferenceData: z.looseObject({ ReferenceItem: OneOrMany }).nullish(),
    }),
  })
  .openapi('DarajaTransactionStatusResult');
export type TransactionStatusResultInput = z.infer<typeof TransactionStatusResult>;

/** A notice from Daraja whose fields we only log or search (queue timeouts, Pull Transactions notices): any JSON object. */
export const DarajaNotice = z.looseObject({}).openapi('DarajaNotice');
