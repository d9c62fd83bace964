import Link from '@/components/ui/link';
import type { ApiReference } from '@/lib/portal/api-reference/reference';
import { guideHref } from '@/lib/portal/api-reference/guides';
import { CodeBlock, prettyJson } from './code-block';
import { FieldTable } from './field-table';
import { Prose } from './prose';

const linkClass = 'text-brand-800 underline underline-offset-2';

/** Every event type from the document's `webhooks`: when it is sent, the body's fields and an example. */
export function EventTypes({ reference }: { reference: ApiReference }) {
  return (
    // Inline code may break anywhere here: a long token must not widen the page on a phone.
    <div className="[&_p_code]:[overflow-wrap:anywhere]">
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Event types</h1>
        <p className="mt-2 max-w-prose text-slate-700">
          What Collect POSTs to your webhook endpoints: the body is the event, <code className="font-mono">{'{ id, type, createdAt, data }'}</code>,
          and <code className="font-mono">data</code> is the resource as the API returns it at that moment. How to verify and acknowledge them:{' '}
          <Link href={guideHref('receive-webhooks')} className={linkClass}>
            Receive webhooks
          </Link>
          . The same descriptions are the <code className="font-mono">webhooks</code> of{' '}
          <a href={`${reference.baseUrl}/openapi.json`} className={linkClass}>
            openapi.json
          </a>
          .
        </p>
        <nav aria-label="Event types on this page" className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {reference.webhooks.map((webhook) => (
              <li key={webhook.anchor}>
                <a href={`#${webhook.anchor}`} className="font-mono text-sm text-brand-800 underline-offset-2 hover:underline">
                  {webhook.type}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="space-y-6">
        {reference.webhooks.map((webhook) => (
          <article key={webhook.anchor} id={webhook.anchor} aria-labelledby={`${webhook.anchor}-title`} className="scroll-mt-4 rounded-lg border border-slate-200 bg-white p-5">
            <h2 id={`${webhook.anchor}-title`} className="font-mono text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
              {webhook.type}
            </h2>
            <Prose text={webhook.description} className="mt-1 text-sm text-slate-700" />
            {webhook.sameDataAs ? (
              <p className="mt-2 text-sm text-slate-700">
                Its body is that of{' '}
                <a href={`#event-${webhook.sameDataAs.replace(/[^a-z0-9]+/g, '-')}`} className={linkClass}>
                  {webhook.sameDataAs}
                </a>
                , with <code className="font-mono">{`"type": "${webhook.type}"`}</code>: the same fields and the same example.
              </p>
            ) : (
              <>
                <details className="mt-3">
                  <summary className="cursor-pointer text-sm font-semibold text-slate-900">Payload fields</summary>
                  <div className="mt-2">
                    <FieldTable caption={`Fields of ${webhook.type}`} rows={webhook.payload} />
                  </div>
                </details>
                <div className="mt-3">
                  <CodeBlock label={`Example ${webhook.type} body`} language="json" code={prettyJson(webhook.example)} />
                </div>
              </>
            )}
          </article>
        ))}
      </div>
    </div>
  );
}
