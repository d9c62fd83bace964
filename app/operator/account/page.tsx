import type { Metadata } from 'next';
import { OwnAccount } from '@/components/team/own-account';
import { servicePage } from '@/components/ui/service-page';
import { mfaRoutes } from '@/lib/auth/mfa/routes';
import { operatorClient, requireOperatorSession } from '@/lib/portal/operator-session';

export const metadata: Metadata = { title: 'Your account' };

/** Operators must enrol in two factors before anything else in the console (docs/operator.md). */
async function OperatorAccountPage() {
  const session = await requireOperatorSession();
  const status = await operatorClient(session).call(mfaRoutes.status);
  const notice = status.enabled ? null : 'Operators sign in with two factors. Set it up below to use the console.';
  return <OwnAccount email={session.user.email} status={status} notice={notice} />;
}

export default servicePage({ title: 'Your account' }, OperatorAccountPage);
