import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { operatorSections } from '@/components/operator/sections';
import { MainNav } from '@/components/shell/main-nav';
import { ReadOnlyNotice } from '@/components/shell/read-only-notice';
import { SkipLink } from '@/components/shell/skip-link';
import { TopBar } from '@/components/shell/top-bar';
import { sandboxEnabled } from '@/lib/platform/config';
import { requireOperatorSession } from '@/lib/portal/operator-session';
import { isPlatformAdmin } from '@/lib/portal/roles';
import { signOut } from '../(portal)/actions';

export const metadata: Metadata = { title: { template: '%s · Collect operator console', default: 'Collect operator console' } };

/** The provider's console: the merchant portal's look and keyboard rules, its own sections. */
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const { user } = await requireOperatorSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <TopBar user={user} signOut={signOut} sandbox={sandboxEnabled()} />
      <div className="flex flex-1 flex-col md:flex-row">
        <MainNav items={operatorSections} home="/operator" />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-8 md:py-8">
          {!isPlatformAdmin(user) && <ReadOnlyNotice />}
          {children}
        </main>
      </div>
    </div>
  );
}
