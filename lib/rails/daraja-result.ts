import { z } from '@hono/zod-openapi';
import { storableText } from '@/lib/platform/text';

/**
 * What Daraja's callbacks have in common, read the way Safaricom actually writes them: a value may
 * come as a number or as text (`ResultCode` 0 or "0", `Amount` 5 or "5.00"), a one-item list as
 * the item itself (`ResultParameter`, `ReferenceItem`, `Item`), an optional field absent, null, or
 * empty, a `{Key}` pair without its `Value`. Every well-formed variant is read; a field that is not
 * what Daraja documents is read as absent, never refused (docs/rails.md, "Daraja's variants").
 */

/** The value when it has the documented type, else absent. */
export const lenient = <T extends z.ZodType>(schema: T) => {
  const readable = schema.nullish();
  // A preprocess rather than .catch(null): the OpenAPI generator renders the schema after it.
  return z.preprocess((value) => (readable.safeParse(value).success ? value : null), readable);
};

/** Number or text, as Daraja writes either. */
export const DarajaScalar = z.union([z.string(), z.number()]);
export const DarajaText = lenient(DarajaScalar);

/** One item, or a list of them; an entry that is not an item is dropped, anything else is absent. */
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => {
    if (Array.isArray(value)) return value.filter((entry) => item.safeParse(entry).success);
    return item.safeParse(value).success ? value : null;
  }, z.union([z.array(item), item]).nullish());

const KeyValue = z.looseObject({ Key: z.string(), Value: z.unknown().optional() });
const NameValue = z.looseObject({ Name: z.string(), Value: z.unknown().optional() });
export const KeyValues = oneOrMany(KeyValue);
export const NameValues = oneOrMany(NameValue);

/**
 * The Result of Daraja's account-level APIs (Transaction Status, Reversal, B2C), POSTed to the
 * ResultURL. Only ResultCode is needed to act; it and the Result object itself are required.
 */
export const DarajaAccountResult = z.looseObject({
  ResultType: DarajaText,
  ResultCode: DarajaScalar.openapi({ example: 0, description: '0 (or "0") is success.' }),
  ResultDesc: DarajaText.openapi({ example: 'The service request is processed successfully.' }),
  OriginatorConversationID: DarajaText,
  ConversationID: DarajaText,
  TransactionID: DarajaText,
  ResultParameters: lenient(z.looseObject({ ResultParameter: KeyValues })),
  ReferenceData: lenient(z.looseObject({ ReferenceItem: KeyValues })),
});
export type DarajaAccountResultInput = z.infer<typeof DarajaAccountResult>;

/** A Daraja value as storable, trimmed text; '' when absent or not a number or text. */
export function darajaText(value: unknown): string {
  if (typeof value === 'string') return storableText(value).trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A Daraja result code as text: 0 and "0" are both "0". */
export const resultCodeText = (value: string | number) => darajaText(value);

const asList = <T>(value: T | T[] | null | undefined): T[] => (value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** `{Key, Value}` pairs (one or a list) as a map; a pair without its Value maps to undefined. */
export function keyValues(value: z.infer<typeof KeyValues>): Map<string, unknown> {
  return new Map(asList(value).map((item) => [item.Key, item.Value]));
}

/** `{Name, Value}` items (STK's CallbackMetadata.Item) as a map. */
export function nameValues(value: z.infer<typeof NameValues>): Map<string, unknown> {
  return new Map(asList(value).map((item) => [item.Name, item.Value]));
}

/** An amount's text as a rail sent it, whatever its type: an object is kept as its JSON, never lost. */
export function sentText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value === null || value === undefined) return '';
  return storableText(JSON.stringify(value));
}

/** A notice from Daraja whose fields we only log or search (queue timeouts, Pull Transactions notices): any JSON. */
export const DarajaNotice = z.unknown().openapi('DarajaNotice', { description: 'Any JSON: Daraja documents no fixed shape for these notices.' });
