import { ChangePasswordForm } from '@/components/team/change-password-form';
import { MfaEnrolment } from '@/components/team/mfa-enrolment';
import { PageHeader } from '@/components/ui/page-header';

/**
 * A person's own account: two factors and password. The same for merchant users and operators;
 * only who requires the second factor, and so the notice, differs.
 */
export function OwnAccount({ email, status, notice }: { email: string; status: { enabled: boolean; recoveryCodesLeft: number }; notice: string | null }) {
  return (
    <>
      <PageHeader title="Your account" description={`Signed in as ${email}.`} />
      <div className="space-y-10">
        {notice && (
          <p role="alert" className="max-w-2xl rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {notice}
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
