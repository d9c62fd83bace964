import Link from '@/components/ui/link';
import type { ApiReference as Reference, OperationView, TagView } from '@/lib/portal/api-reference/reference';
import { ERRORS_SLUG, EVENTS_SLUG, partHref, tagSlug, type SearchHit } from '@/lib/portal/api-reference/reference';
import { FieldTable } from './field-table';
import { MethodBadge, Operation, PathText } from './operation';
import { Prose } from './prose';

const linkClass = 'text-brand-800 underline underline-offset-2';

/** The reference's title, version and what every path and body share. */
export function ApiIntro({ reference }: { reference: Reference }) {
  return (
    <header className="mb-8">
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{reference.title}</h1>
      {reference.version && <p className="mt-1 text-sm text-slate-600">Version {reference.version}</p>}
      <Prose text={reference.description} className="mt-3 max-w-prose text-slate-700" />
      <p className="mt-3 text-sm text-slate-700">
        {reference.baseUrl && (
          <>
            Every path starts with <code className="font-mono">{reference.baseUrl}</code>.{' '}
          </>
        )}
        Bodies are JSON; errors are <code className="font-mono">application/problem+json</code> (<Link href={`/docs/${ERRORS_SLUG}`} className={linkClass}>their fields</Link>).
        What Collect sends you: <Link href={`/docs/${EVENTS_SLUG}`} className={linkClass}>event types</Link>. The whole document is at{' '}
        <a href={`${reference.baseUrl}/openapi.json`} className={linkClass}>openapi.json</a>.
      </p>
    </header>
  );
}

/** One line of an operation in a list: method, path and summary, linking to it on its tag's page. */
function OperationLink({ operation }: { operation: OperationView }) {
  return (
    <li>
      <Link href={operation.href} className="group flex flex-wrap items-baseline gap-x-2 gap-y-0.5 rounded px-1 py-1 hover:bg-slate-50">
        <MethodBadge method={operation.method} />
        <span className="font-mono text-sm text-slate-900">
          <PathText path={operation.path} />
        </span>
        {operation.summary && <span className="text-sm text-brand-800 group-hover:underline">{operation.summary}</span>}
      </Link>
    </li>
  );
}

/** Every tag with its operations: the reference's table of contents. */
export function TagIndex({ reference }: { reference: Reference }) {
  return (
    <div className="space-y-8">
      {reference.tags.map((tag) => (
        <section key={tag.anchor} aria-labelledby={`${tag.anchor}-title`}>
          <h2 id={`${tag.anchor}-title`} className="text-xl font-semibold text-slate-900">
            <Link href={`/docs/${tagSlug(tag)}`} className={linkClass}>
              {tag.name}
            </Link>
          </h2>
          {/* A light line per operation (method and summary): this page lists every operation of the API, however many. */}
          <ul className="mt-2 columns-1 gap-6 text-sm lg:columns-2 [&_a]:text-brand-800 [&_a:hover]:underline [&_li]:py-0.5 [&_small]:mr-2 [&_small]:font-mono [&_small]:text-slate-600">
            {tag.operations.map((operation) => (
              <li key={operation.anchor}>
                <Link href={operation.href}>
                  <small>{operation.method}</small>
                  {operation.summary ?? operation.path}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function SearchResults({ query, hits }: { query: string; hits: SearchHit[] }) {
  return (
    <section aria-labelledby="search-results">
      <h2 id="search-results" className="text-xl font-semibold text-slate-900" aria-live="polite">
        {hits.length === 0 ? `No operation matches “${query}”` : `${hits.length} ${hits.length === 1 ? 'operation matches' : 'operations match'} “${query}”`}
      </h2>
      {hits.length > 0 ? (
        <ul className="mt-3 space-y-0.5">
          {hits.map(({ operation }) => (
            <OperationLink key={operation.anchor} operation={operation} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">Try a shorter word, a path segment such as <code className="font-mono">bills</code>, or a method such as <code className="font-mono">POST</code>.</p>
      )}
      <p className="mt-4 text-sm">
        <Link href="/docs" className={linkClass}>
          See every operation
        </Link>
      </p>
    </section>
  );
}

/**
 * One page of a tag: what the tag is about, its operations on this page in order, and a list to jump
 * to each of the tag's operations (on this page, or on the tag's other pages when it is split).
 */
export function TagReference({ tag, part = 1 }: { tag: TagView; part?: number }) {
  const here = tag.operations.filter((operation) => operation.part === part);
  return (
    <>
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">
          {tag.name}
          {tag.parts > 1 && <span className="ml-2 text-lg font-normal text-slate-600">(page {part} of {tag.parts})</span>}
        </h1>
        {part === 1 && <Prose text={tag.description} className="mt-2 max-w-prose text-slate-700" />}
        <nav aria-label={`Operations of ${tag.name}`} className="mt-4 rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="mb-2 text-sm font-semibold text-slate-900">{tag.parts > 1 ? `Every operation of ${tag.name}` : 'On this page'}</h2>
          <ul className="space-y-0.5">
            {tag.operations.map((operation) => (
              <li key={operation.anchor}>
                <a href={operation.part === part ? `#${operation.anchor}` : operation.href} className="flex flex-wrap items-baseline gap-x-2 rounded px-1 py-0.5 hover:bg-slate-50">
                  <MethodBadge method={operation.method} />
                  <span className="text-sm text-brand-800">{operation.summary ?? operation.path}</span>
                  {operation.part !== part && <span className="text-xs text-slate-600">(page {operation.part})</span>}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="space-y-6">
        {here.map((operation) => (
          <Operation key={operation.anchor} operation={operation} />
        ))}
      </div>
      {tag.parts > 1 && (
        <nav aria-label={`Pages of ${tag.name}`} className="mt-6 flex flex-wrap gap-2 text-sm">
          {Array.from({ length: tag.parts }, (_, index) => index + 1).map((page) => (
            <Link key={page} href={partHref(tag, page)} aria-current={page === part ? 'page' : undefined} className={page === part ? 'rounded-md bg-brand-50 px-3 py-1.5 font-medium text-brand-800' : `rounded-md px-3 py-1.5 ${linkClass}`}>
              Page {page}
            </Link>
          ))}
        </nav>
      )}
    </>
  );
}

/** The error bodies every operation shares, described once. */
export function ErrorShapes({ reference }: { reference: Reference }) {
  return (
    <>
      <h1 className="mb-6 text-3xl font-semibold tracking-tight text-slate-900">Errors</h1>
      {reference.errorShapes.map((shape) => (
        <section key={shape.anchor} id={shape.anchor} aria-labelledby={`${shape.anchor}-title`} className="mb-10 scroll-mt-4">
          <h2 id={`${shape.anchor}-title`} className="mb-1 text-2xl font-semibold text-slate-900">
            {shape.name}
          </h2>
          <Prose text={shape.description} className="mb-4 max-w-prose text-slate-700" />
          <div className="rounded-lg border border-slate-200 bg-white p-5">
            <FieldTable caption={`Fields of ${shape.name}`} rows={shape.fields} />
          </div>
        </section>
      ))}
    </>
  );
}
