import 'server-only';
import { cache } from 'react';
import { buildApiReference } from '@/lib/portal/api-reference/reference';
import { buildOpenApiDocument } from '@/lib/service/openapi-document';

/** The reference, built once per request however many parts of the page ask for it. */
export const loadApiReference = cache(async () => buildApiReference(await buildOpenApiDocument()));
