import 'server-only';
import { buildApiReference, type ApiReference } from '@/lib/portal/api-reference/reference';
import { buildOpenApiDocument } from '@/lib/service/openapi-document';

let reference: ApiReference | undefined;

/**
 * The reference, built once per server: the routes do not change after start (as
 * /api/v1/openapi.json's document, lib/api/openapi.ts). Building it (the whole service's OpenAPI
 * document, then its views) takes 150–250 ms of CPU, which every page of /docs and every prefetch
 * of one paid before: a visit to the index cost the server about 5 CPU-seconds, enough on a busy
 * machine for a click on its links to wait behind the prefetches for over 10 s. Nothing downstream
 * changes it (its readers copy before they sort).
 */
export async function loadApiReference(): Promise<ApiReference> {
  reference ??= buildApiReference(buildOpenApiDocument());
  return reference;
}
