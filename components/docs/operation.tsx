import { Fragment } from 'react';
import type { OperationView } from '@/lib/portal/api-reference/reference';
import Link from '@/components/ui/link';
import { CodeBlock, prettyJson } from './code-block';
import { FieldTable } from './field-table';
import { Prose } from './prose';

const methodColours: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900',
  POST: 'bg-emerald-100 text-emerald-900',
  PUT: 'bg-amber-100 text-amber-900',
  PATCH: 'bg-amber-100 text-amber-900',
  DELETE: 'bg-red-100 text-red-900',
};

export function MethodBadge({ method }: { method: string }) {
  return <span className={`rounded px-2 py-0.5 font-mono text-xs font-semibold ${methodColours[method] ?? 'bg-slate-100'}`}>{method}</span>;
}

/**
 * A path that may wrap only after a slash, never inside a segment or a `{parameter}`, so that
 * `/merchants/me/payer-links` never becomes "payer-lin ks" on a phone.
 */
export function PathText({ path }: { path: string }) {
  return (
    <>
      {path.split('/').map((segment, index) => (
        <Fragment key={index}>
          {index > 0 && (
            <>
              /<wbr />
            </>
          )}
          <span className="whitespace-nowrap">{segment}</span>
        </Fragment>
      ))}
    </>
  );
}

export function Operation({ operation }: { operation: OperationView }) {
  const { requestBody } = operation;
  return (
    <article id={operation.anchor} aria-labelledby={`${operation.anchor}-title`} className="scroll-mt-4 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id={`${operation.anchor}-title`} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <MethodBadge method={operation.method} />
        <code className="font-mono text-sm text-slate-900">
          <PathText path={operation.path} />
        </code>
        {operation.summary && <span className="text-base font-semibold text-slate-900">{operation.summary}</span>}
        <a href={`#${operation.anchor}`} className="text-sm text-slate-500 hover:text-brand-800" aria-label={`Link to ${operation.method} ${operation.path}`}>
          #
        </a>
      </h2>
      <div className="mt-2 space-y-1 text-sm text-slate-700">
        {operation.deprecated && <p className="font-medium text-amber-800">Deprecated.</p>}
        <Prose text={operation.description} />
        {operation.needsToken ? (
          <p>
            Needs <code className="font-mono">Authorization: Bearer &lt;access token&gt;</code>.
          </p>
        ) : (
          <p>No access token needed.</p>
        )}
      </div>

      {operation.parameters.length > 0 && (
        <section className="mt-4">
          <h3 className="mb-1 text-sm font-semibold text-slate-900">Parameters</h3>
          <FieldTable caption={`Parameters of ${operation.method} ${operation.path}`} rows={operation.parameters} />
        </section>
      )}

      {requestBody && (
        <section className="mt-4">
          <h3 className="mb-1 text-sm font-semibold text-slate-900">
            Request body <span className="font-normal text-slate-600">({requestBody.contentType}, {requestBody.required ? 'required' : 'optional'})</span>
          </h3>
          <Prose text={requestBody.description} className="mb-1 text-sm text-slate-700" />
          {requestBody.fields.length > 0 ? (
            <FieldTable caption={`Request body of ${operation.method} ${operation.path}`} rows={requestBody.fields} />
          ) : (
            <p className="text-sm text-slate-700">
              Type: <code className="font-mono">{requestBody.type}</code>
            </p>
          )}
        </section>
      )}

      <section className="mt-4" aria-label={`Example of ${operation.method} ${operation.path}`}>
        <h3 className="mb-1 text-sm font-semibold text-slate-900">Example</h3>
        <div className="grid gap-3 lg:grid-cols-2">
          <CodeBlock label="Request (curl)" name={`Example request (curl) of ${operation.method} ${operation.path}`} language="shell" code={operation.requestExample.curl} />
          {operation.responseExample && (
            <CodeBlock
              label={`Response ${operation.responseExample.status}`}
              name={`Example response ${operation.responseExample.status} of ${operation.method} ${operation.path}`}
              language="json"
              code={operation.responseExample.body === undefined ? '(no body)' : prettyJson(operation.responseExample.body)}
            />
          )}
        </div>
        <p className="mt-1 text-xs text-slate-600">
          The command reads {['COLLECT_URL', ...operation.requestExample.variables].map((name, index, all) => (
            <Fragment key={name}>
              {index > 0 && (index === all.length - 1 ? ' and ' : ', ')}
              <code className="font-mono">{name}</code>
            </Fragment>
          ))}{' '}
          from your shell (<Link href="/docs/guides/authentication#shell" className="text-brand-800 underline underline-offset-2">setting them</Link>).
        </p>
      </section>

      <section className="mt-4">
        <h3 className="mb-1 text-sm font-semibold text-slate-900">Responses</h3>
        <dl className="space-y-3 text-sm [&_dd]:text-slate-700 [&_dt]:font-mono [&_dt]:font-semibold [&_dt]:text-slate-900">
          {operation.responses.map((response) => (
            <div key={response.status}>
              <dt>
                {response.status}
                {response.body &&
                  (response.status.startsWith('2') ? (
                    <span className="ml-2 font-normal text-slate-600">{response.body.type}</span>
                  ) : (
                    <Link href={`/docs/errors#schema-${response.body.type.toLowerCase()}`} className="ml-2 font-normal text-brand-800 underline">
                      {response.body.type}
                    </Link>
                  ))}
              </dt>
              <dd>
                <Prose text={response.description} />
                {response.body && response.body.fields.length > 0 && (
                  <div className="mt-1">
                    <FieldTable caption={`Response ${response.status} of ${operation.method} ${operation.path}`} rows={response.body.fields} />
                  </div>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </article>
  );
}
