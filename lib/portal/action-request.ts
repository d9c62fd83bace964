/**
 * Whether the body of a server-action call (a POST with a `Next-Action` header) is one React's
 * client could have sent: the arguments as a JSON array, as text, or in a multipart form whose
 * field `0` holds that array (when an argument is a FormData). Next decodes anything else with
 * a 500 (`JSON.parse` of garbage, `null.length`, "Unexpected end of form"), before any action of
 * ours runs, so proxy.ts answers it 400 first, as Next answers a malformed action id.
 */
export async function isActionCallBody(request: Request): Promise<boolean> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (/^multipart\/form-data\b/i.test(type)) {
      const root = (await request.clone().formData()).get('0');
      return typeof root === 'string' && Array.isArray(JSON.parse(root));
    }
    return Array.isArray(JSON.parse(await request.clone().text()));
  } catch {
    return false;
  }
}

/**
 * Next refuses a server action whose Origin is not the host it was sent to (its CSRF check), but
 * answers that refusal with a 500. The same comparison, made first, answers 403 instead: the
 * Origin's host against X-Forwarded-Host, else Host, as Next compares them. A request without
 * Origin (an old browser, a script) is left to Next, which lets it through as it always has.
 */
export function isSameOriginAction(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return true;
  const expected = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host');
  try {
    return new URL(origin).host === expected;
  } catch {
    return false;
  }
}
