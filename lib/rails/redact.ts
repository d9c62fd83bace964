/** Keys whose values are secrets wherever they appear in a rail's body (Daraja's, a bank's). */
const SECRET_KEY = /pass(word|key)?|secret|token|credential|signature|authori[sz]ation|api[-_]?key|pin$/i;
const REDACTED = '[redacted]';
/** Deeper than any rail's body: a body nested further is shown as text cut short, never walked (the stack). */
const MAX_DEPTH = 32;

function redactValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested too deeply to show]';
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, SECRET_KEY.test(key) ? REDACTED : redactValue(inner, depth + 1)]),
  );
}

/**
 * A rail's body as support may read it: JSON with every secret-named field's value replaced, laid
 * out to read; a body that is not JSON (XML, text) is shown with `key=value` / `<Key>value</Key>`
 * secrets replaced. What a payer's phone or name is stays: support needs them to answer the payer.
 */
export function redactRailBody(raw: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return raw
      .replace(/<([A-Za-z:]*(?:Password|SecurityCredential|Secret|Token|Signature)[A-Za-z]*)>[^<]*<\/\1>/gi, `<$1>${REDACTED}</$1>`)
      .replace(/\b([A-Za-z_]*(?:password|secret|token|signature|credential)[A-Za-z_]*)=([^&\s]+)/gi, `$1=${REDACTED}`);
  }
  return JSON.stringify(redactValue(parsed, 0), null, 2);
}
