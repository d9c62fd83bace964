import type { Metadata } from 'next';
import { ChangePasswordForm } from '@/components/team/change-password-form';
import { MfaEnrolment } from '@/components/team/mfa-enrolment';
import { PageHeader } from '@/components/ui/page-header';
import { mfaRoutes } from '@/lib/auth/mfa/routes';
import { portalClient, requireSession } from '@/lib/portal/session';
import { servicePage } from '@/components/ui/service-page';

export const metadata: Metadata = { title: 'Your account' };

async function AccountPage() {
  const session = await requireSession();
  const status = await portalClient(session).call(mfaRoutes.status);
  return (
    <>
      <PageHeader title="Your account" description={`Signed in as ${session.user.email}.`} />
      <div className="space-y-10">
        {status.required && !status.enabled && (
          <p role="alert" className="max-w-2xl rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Your merchant requires two-factor sign-in. Set it up below to continue using the portal.
          </p>
        )}
        <section aria-labelledby="two-factor" className="space-y-3">
          <h2 id="two-factor" className="text-lg font-semibold text-slate-900">Two-factor sign-in</h2>
          <MfaEnrolment enabled={status.enabled} />
          {status.enabled && <p className="text-sm text-slate-600">{status.recoveryCodesLeft} recovery codes left.</p>}
        </section>
        <section aria-labelledby="password" className="space-y-3">
          <h2 id="password" className="text-lg font-semibold text-slate-900">Password</h2>
          <ChangePasswordForm />
        </section>
      </div>
    </>
  );
}

export default servicePage({ title: 'Your account' }, AccountPage);
