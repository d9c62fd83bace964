import Link from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { roleLabel } from '@/lib/portal/roles';
import type { PortalUser } from '@/lib/portal/token';
import { SandboxBadge } from './sandbox-badge';

/**
 * Product name (with the Sandbox badge while payments are simulated), who is signed in for which
 * merchant and with what rights, and a sign-out button that works without JavaScript.
 */
export function TopBar({ user, signOut, sandbox }: { user: PortalUser; signOut: () => Promise<void>; sandbox: boolean }) {
  return (
    <header data-print="hide" className="border-b border-slate-200 bg-white">
      {/* On a phone one line (no wrap, a shorter button): with the menu button under it the whole head stays under 100 px. */}
      <div className="flex items-center justify-between gap-x-3 px-4 py-1.5 sm:flex-wrap sm:gap-x-6 sm:gap-y-2 sm:py-3 md:px-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Link href="/" className="text-lg font-semibold tracking-tight text-brand-800">
            Collect
          </Link>
          {sandbox && <SandboxBadge />}
        </div>
        <div className="flex items-center gap-x-4 gap-y-2 sm:flex-wrap">
          {/* Who is signed in is read out on a phone but not shown: the line has room for the sign-out button only. */}
          <dl className="max-sm:sr-only text-right text-sm leading-tight">
            <dt className="sr-only">Signed in as</dt>
            <dd className="font-medium text-slate-900">{user.name}</dd>
            <dt className="sr-only">Merchant and role</dt>
            <dd className="text-slate-600">
              {user.merchantName} · {roleLabel(user)}
            </dd>
          </dl>
          <form action={signOut}>
            <Button type="submit" variant="secondary" className="max-sm:min-h-9 max-sm:py-1.5">
              Sign out
            </Button>
          </form>
        </div>
      </div>
    </header>
  );
}
