import type { Metadata } from 'next';
import { ApiReference } from '@/components/docs/api-reference';
import { buildOpenApiDocument } from '@/lib/service/openapi-document';
import { buildApiReference } from '@/lib/portal/api-reference/reference';

export const metadata: Metadata = { title: 'API reference' };

/** Public: integrators read it before they have an account. Rendered from the service's own document. */
export default async function DocsPage() {
  const reference = buildApiReference(await buildOpenApiDocument());
  return (
    <main id="main">
      <ApiReference reference={reference} />
    </main>
  );
}
