import type { ReactNode } from 'react';
import { MainNav } from '@/components/shell/main-nav';
import { ReadOnlyNotice } from '@/components/shell/read-only-notice';
import { SkipLink } from '@/components/shell/skip-link';
import { TopBar } from '@/components/shell/top-bar';
import { sandboxEnabled } from '@/lib/platform/config';
import { redirect } from 'next/navigation';
import { canWrite, isAdmin, isOperator } from '@/lib/portal/roles';
import { requireSession } from '@/lib/portal/session';
import { signOut } from './actions';

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const { user } = await requireSession();
  // Operators reach merchant data only through the console (docs/operator.md).
  if (isOperator(user)) redirect('/operator');
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <TopBar user={user} signOut={signOut} sandbox={sandboxEnabled()} />
      <div className="flex flex-1 flex-col md:flex-row">
        <MainNav isAdmin={isAdmin(user)} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-8 md:py-8">
          {!canWrite(user) && <ReadOnlyNotice />}
          {children}
        </main>
      </div>
    </div>
  );
}
