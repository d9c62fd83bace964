import type { Metadata } from 'next';
import { AdminOnly } from '@/components/team/admin-only';
import { CreateApiKeyForm } from '@/components/team/create-api-key-form';
import { ConfirmAction } from '@/components/team/confirm-action';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { Table, Td, Th } from '@/components/ui/table';
import { apiKeyRoutes } from '@/lib/api-keys/routes';
import { merchantRoutes } from '@/lib/merchants/routes';
import { cursorParam, fetchPage, type SearchParams } from '@/lib/portal/pagination';
import { isAdmin } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { revokeApiKey } from './actions';
import { servicePage } from '@/components/ui/service-page';

export const metadata: Metadata = { title: 'API keys' };

async function ApiKeysPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const header = <PageHeader title="API keys" description="Keys let your systems call the Collect API without a person's password. Exchange a key for an access token at POST /api/v1/auth/token." />;
  if (!isAdmin(session.user)) return <>{header}<AdminOnly what="API keys" /></>;
  const client = portalClient(session);
  const query = await searchParams;
  const [page, subMerchants] = await Promise.all([
    fetchPage(client, apiKeyRoutes.list, {}, { path: '/api-keys', filters: {}, cursor: cursorParam(query.cursor) }),
    client.call(merchantRoutes.listSubMerchants, { query: { limit: 200 } }),
  ]);
  const subMerchantName = new Map(subMerchants.map((sub) => [sub.id, sub.name]));
  return (
    <>
      {header}
      <div className="space-y-6">
        <CreateApiKeyForm subMerchants={subMerchants.map((sub) => ({ value: sub.id, label: sub.name }))} />
        {page.items.length === 0 ? (
          <EmptyState title="No API keys yet">
            <p>Keys you create appear here with when they were last used.</p>
          </EmptyState>
        ) : (
          <Table caption="API keys">
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Key</Th>
                <Th>Access</Th>
                <Th>Created</Th>
                <Th>Last used</Th>
                <Th>Status</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {page.items.map((key) => (
                <tr key={key.id}>
                  <Td label="Name">{key.name}</Td>
                  <Td label="Key" className="font-mono">{key.prefix}…</Td>
                  <Td label="Access">
                    {key.role === 'SUPPORT' ? 'Read only' : 'Read and write'}
                    {key.subMerchantId && <>, {subMerchantName.get(key.subMerchantId) ?? 'one sub-merchant'}</>}
                  </Td>
                  <Td label="Created"><DateTime value={key.createdAt} /></Td>
                  <Td label="Last used">{key.lastUsedAt ? <DateTime value={key.lastUsedAt} /> : 'Never'}</Td>
                  <Td label="Status">
                    {key.revokedAt ? (
                      <Badge tone="neutral">Revoked</Badge>
                    ) : (
                      <ConfirmAction
                        action={revokeApiKey}
                        fields={{ keyId: key.id }}
                        verb="Revoke"
                        what={key.name}
                        question={<>Anything using the key {key.name} ({key.prefix}…) stops working at once. This cannot be undone.</>}
                        pendingLabel="Revoking…"
                      />
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Pagination firstHref={page.firstHref} nextHref={page.nextHref} label="Pages of API keys" />
      </div>
    </>
  );
}

export default servicePage({ title: 'API keys', back: { href: '/api-keys', label: 'Show the first page of API keys' } }, ApiKeysPage);
