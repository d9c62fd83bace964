import type { Metadata } from 'next';
import { OwnAccount } from '@/components/team/own-account';
import { mfaRoutes } from '@/lib/auth/mfa/routes';
import { portalClient, requireSession } from '@/lib/portal/session';
import { servicePage } from '@/components/ui/service-page';

export const metadata: Metadata = { title: 'Your account' };

async function AccountPage() {
  const session = await requireSession();
  const status = await portalClient(session).call(mfaRoutes.status);
  const notice = status.required && !status.enabled ? 'Your merchant requires two-factor sign-in. Set it up below to continue using the portal.' : null;
  return <OwnAccount email={session.user.email} status={status} notice={notice} />;
}

export default servicePage({ title: 'Your account' }, AccountPage);
