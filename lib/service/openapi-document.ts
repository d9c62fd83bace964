import { buildDocument } from '@/lib/api/openapi';
import { createApiApp } from './app';

/** The same document /api/v1/openapi.json serves, for the portal's reference page. */
export const buildOpenApiDocument = () => buildDocument(createApiApp());
