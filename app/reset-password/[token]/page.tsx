import type { Metadata } from 'next';
import { LinkPage, UnusableLink } from '@/components/team/link-page';
import { SetPasswordForm } from '@/components/team/set-password-form';
import { serviceClient } from '@/lib/client';
import { isServiceError } from '@/lib/portal/errors';
import { teamRoutes } from '@/lib/team/routes';
import { resetPassword } from '../../invitations/actions';

export const metadata: Metadata = { title: 'Set a new password', referrer: 'no-referrer' };

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const reset = await serviceClient()
    .call(teamRoutes.previewPasswordReset, { params: { token } })
    .catch((error: unknown) => {
      if (isServiceError(error) && (error.status === 404 || error.status === 410 || error.status === 422)) return null;
      throw error;
    });
  return (
    <LinkPage title="Set a new password">
      {reset ? <SetPasswordForm action={resetPassword} token={token} email={reset.email} askName={false} submitLabel="Set password" /> : <UnusableLink />}
    </LinkPage>
  );
}
