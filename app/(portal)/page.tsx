import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/ui/page-header';
import { sections } from '@/components/shell/sections';
import { canWrite } from '@/lib/portal/roles';
import { requireSession } from '@/lib/portal/session';

export const metadata: Metadata = { title: 'Overview' };

export default async function OverviewPage() {
  const { user } = await requireSession();
  const writer = canWrite(user);
  return (
    <>
      <PageHeader
        title={`Welcome, ${user.firstName}`}
        description={
          <>
            You are signed in to <strong className="font-semibold text-slate-900">{user.merchantName}</strong>.
          </>
        }
      />
      <section aria-labelledby="what-you-can-do" className="max-w-3xl">
        <h2 id="what-you-can-do" className="text-lg font-semibold text-slate-900">
          What you can do
        </h2>
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {sections
            .filter((section) => section.href !== '/')
            .map((section) => (
              <li key={section.href} className="px-4 py-3">
                <Link href={section.href} className="font-medium text-brand-800 underline-offset-2 hover:underline">
                  {section.label}
                </Link>
                <p className="text-sm text-slate-600">
                  {section.view}
                  {writer && section.change ? ` ${section.change}` : ''}
                </p>
              </li>
            ))}
        </ul>
      </section>
    </>
  );
}
