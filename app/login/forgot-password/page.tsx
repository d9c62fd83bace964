import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { LinkPage } from '@/components/team/link-page';
import { config } from '@/lib/platform/config';
import { ForgotPasswordForm } from './forgot-password-form';

export const metadata: Metadata = { title: 'Forgot password' };

/** Public. Without a mail server nobody could receive a link: the page says whom to ask instead. */
export default function ForgotPasswordPage() {
  const canEmail = Boolean(config().SMTP_URL);
  return (
    <LinkPage title="Forgot your password?">
      {canEmail ? (
        <>
          <p className="mb-5 text-sm text-slate-700">Type the email you sign in with. We will email you a link to set a new password.</p>
          <ForgotPasswordForm />
        </>
      ) : (
        <p className="text-sm text-slate-700">This Collect does not send email. Ask an administrator of your team for a password-reset link (on the Team page, the password-reset link beside your name).</p>
      )}
      <p className="mt-6 text-sm">
        <Link href="/login" className="font-medium text-brand-800 underline underline-offset-2">
          Back to sign in
        </Link>
      </p>
    </LinkPage>
  );
}
