import Link from '@/components/ui/link';
import { guides } from '@/lib/portal/api-reference/guides';

/** The guides, first thing on /docs: integrators start there, then look things up in the reference. */
export function GuideList() {
  return (
    <section aria-labelledby="guides-title" className="mb-10">
      <h2 id="guides-title" className="text-xl font-semibold text-slate-900">
        Start here
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {guides.map((guide) => (
          <li key={guide.slug}>
            <Link href={`/docs/guides/${guide.slug}`} className="block h-full rounded-lg border border-slate-200 bg-white p-4 hover:border-brand-700">
              <span className="font-semibold text-brand-800 underline underline-offset-2">{guide.title}</span>
              <span className="mt-1 block text-sm text-slate-700">{guide.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
