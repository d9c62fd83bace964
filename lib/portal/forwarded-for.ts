/**
 * The address the custom server appended to X-Forwarded-For: the rightmost entry.
 * Entries to its left are whatever the browser claimed and are not believed.
 */
export function rightmostForwardedFor(header: string | string[] | null | undefined): string | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  return value
    ?.split(',')
    .map((hop) => hop.trim())
    .filter(Boolean)
    .at(-1);
}
