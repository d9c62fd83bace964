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
