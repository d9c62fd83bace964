import type { ApiReference as Reference } from '@/lib/portal/api-reference/reference';
import { FieldTable } from './field-table';
import { Operation } from './operation';
import { Prose } from './prose';

export function ApiReference({ reference }: { reference: Reference }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 md:px-8">
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{reference.title}</h1>
        {reference.version && <p className="mt-1 text-sm text-slate-600">Version {reference.version}</p>}
        <Prose text={reference.description} className="mt-3 max-w-prose text-slate-700" />
        <p className="mt-3 text-sm text-slate-700">
          {reference.baseUrl && (
            <>
              Every path below starts with <code className="font-mono">{reference.baseUrl}</code>.{' '}
            </>
          )}
          Bodies are JSON; errors are <code className="font-mono">application/problem+json</code>.
        </p>
      </header>

      <nav aria-label="API sections" data-print="hide" className="mb-10 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-2 text-sm font-semibold text-slate-900">Contents</h2>
        <ul className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {reference.tags.map((tag) => (
            <li key={tag.name}>
              <a href={`#${tag.anchor}`} className="text-brand-800 underline-offset-2 hover:underline">
                {tag.name}
              </a>{' '}
              <span className="text-slate-500">({tag.operations.length})</span>
            </li>
          ))}
          {reference.errorShapes.map((shape) => (
            <li key={shape.anchor}>
              <a href={`#${shape.anchor}`} className="text-brand-800 underline-offset-2 hover:underline">
                Errors: {shape.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {reference.tags.map((tag) => (
        <section key={tag.name} id={tag.anchor} aria-labelledby={`${tag.anchor}-title`} className="mb-12 scroll-mt-4">
          <h2 id={`${tag.anchor}-title`} className="mb-1 text-2xl font-semibold text-slate-900">
            {tag.name}
          </h2>
          <Prose text={tag.description} className="mb-4 max-w-prose text-slate-700" />
          <div className="space-y-6">
            {tag.operations.map((operation) => (
              <Operation key={operation.anchor} operation={operation} />
            ))}
          </div>
        </section>
      ))}

      {reference.errorShapes.map((shape) => (
        <section key={shape.anchor} id={shape.anchor} aria-labelledby={`${shape.anchor}-title`} className="mb-12 scroll-mt-4">
          <h2 id={`${shape.anchor}-title`} className="mb-1 text-2xl font-semibold text-slate-900">
            Errors: {shape.name}
          </h2>
          <Prose text={shape.description} className="mb-4 max-w-prose text-slate-700" />
          <div className="rounded-lg border border-slate-200 bg-white p-5">
            <FieldTable caption={`Fields of ${shape.name}`} rows={shape.fields} />
          </div>
        </section>
      ))}
    </div>
  );
}
