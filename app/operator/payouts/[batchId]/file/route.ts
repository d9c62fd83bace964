import { operatorPayoutRoutes } from '@/lib/operator/payouts/routes';
import { inProcessService } from '@/lib/client/in-process';
import { requireOperatorSession } from '@/lib/portal/operator-session';
import { recordId } from '@/lib/portal/refusals';

/**
 * A pain.001 file downloaded again, as the service keeps it. The typed client reads JSON only, so
 * the XML is fetched here with the session's token, in-process when the service runs in this process.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ batchId: string }> }) {
  const session = await requireOperatorSession();
  const batchId = recordId((await params).batchId);
  const path = operatorPayoutRoutes.file.path.replace('{batchId}', batchId);
  const url = new URL(`/api/v1${path}`, process.env.SERVICE_URL ?? 'http://127.0.0.1:3000');
  const request = new Request(url, { headers: { authorization: `Bearer ${session.accessToken}`, accept: 'application/xml' }, signal: AbortSignal.timeout(10_000) });
  const service = inProcessService();
  const answer = service ? await service(request) : await fetch(request, { cache: 'no-store' });
  if (!answer.ok) return new Response(answer.status === 404 ? 'This payout file does not exist.' : 'The service refused this download.', { status: answer.status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(answer.body, {
    status: 200,
    headers: { 'content-type': 'application/xml; charset=utf-8', 'content-disposition': answer.headers.get('content-disposition') ?? 'attachment', 'cache-control': 'no-store' },
  });
}
