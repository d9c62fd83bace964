/**
 * Text PostgreSQL can store. It refuses U+0000 in `text` and `jsonb` ("invalid byte sequence"),
 * and a lone UTF-16 surrogate cannot be encoded as UTF-8 at all. Rails send whatever their senders
 * typed, and money they confirm must still be kept: these make any string storable, always the
 * same way for the same input, so a resend of the same bytes finds the row written the first time.
 */

// C0 controls other than tab, line feed and carriage return (PostgreSQL stores those, but they
// are never meant in a name or a reference).
const CONTROLS = /[\u0001-\u0008\u000b\u000c\u000e-\u001f]/g;
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether the text goes into a column exactly as it is. */
export const isStorableText = (text: string) => !UNSTORABLE.test(text);

/**
 * For names, narrations and other free text: NUL is dropped, other control characters become
 * U+FFFD, lone surrogates too (String.prototype.toWellFormed). Idempotent.
 */
export function storableText(text: string): string {
  if (isStorableText(text)) return text;
  return text.replaceAll('\u0000', '').replace(CONTROLS, '\ufffd').toWellFormed();
}

/**
 * For identifiers that must stay distinct (a provider reference is a payment's identity): text
 * that is storable and has no backslash is kept as it is; any other is written with JSON's
 * escapes (`\\`, `\u0000`, `\ud800`). No two different inputs give the same result: an escaped
 * result always holds a backslash and an unescaped one never does. Not idempotent: apply once.
 */
export function storableKey(text: string): string {
  if (isStorableText(text) && !text.includes('\\')) return text;
  return JSON.stringify(text).slice(1, -1);
}
