import type { Metadata } from 'next';
import { LinkPage, UnusableLink } from '@/components/team/link-page';
import { SetPasswordForm } from '@/components/team/set-password-form';
import { roleName } from '@/components/team/role-options';
import { serviceClient } from '@/lib/client';
import { isServiceError } from '@/lib/portal/errors';
import { teamRoutes } from '@/lib/team/routes';
import { acceptInvitation } from '../actions';

export const metadata: Metadata = { title: 'Join your team', referrer: 'no-referrer' };

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await serviceClient()
    .call(teamRoutes.previewInvitation, { params: { token } })
    .catch((error: unknown) => {
      if (isServiceError(error) && (error.status === 404 || error.status === 410 || error.status === 422)) return null;
      throw error;
    });
  if (!invitation) {
    return (
      <LinkPage title="Invitation">
        <UnusableLink />
      </LinkPage>
    );
  }
  return (
    <LinkPage title={`Join ${invitation.merchantName}`}>
      <p className="mb-5 text-sm text-slate-700">You are invited as {roleName(invitation.role).toLowerCase()}. Choose your name and a password.</p>
      <SetPasswordForm action={acceptInvitation} token={token} email={invitation.email} askName submitLabel="Join" />
    </LinkPage>
  );
}
