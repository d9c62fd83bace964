import Link from '@/components/ui/link';
import type { ProblemView } from '@/lib/portal/refusals';
import { PageHeader } from './page-header';

/**
 * A page whose request the service refused (a filter or id it cannot take: 422, 403, 409…):
 * the service's own sentence and each field it named, in place of the page's content, with a
 * way back (the list without the address's query).
 */
export function ServiceProblem({ title, problem, back }: { title: string; problem: ProblemView; back?: { href: string; label: string } }) {
  return (
    <>
      <PageHeader title={title} />
      <div role="alert" className="max-w-prose rounded-lg border border-amber-200 bg-amber-50 p-6 text-amber-950">
        <h2 className="text-base font-semibold">This page could not be shown as asked</h2>
        <p className="mt-2 text-sm" data-testid="service-problem">
          {problem.detail ?? problem.title}
        </p>
        {problem.errors.length > 0 && (
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
            {problem.errors.map(({ field, message }) => (
              <li key={`${field}:${message}`}>
                <span className="font-mono">{field}</span>: {message}
              </li>
            ))}
          </ul>
        )}
        {back && (
          <p className="mt-4 text-sm">
            <Link href={back.href} className="font-medium text-brand-800 underline underline-offset-2">
              {back.label}
            </Link>
          </p>
        )}
      </div>
    </>
  );
}
