import { DateTime } from '@/components/ui/date-time';
import { Td } from '@/components/ui/table';
import { ConfirmAction } from './confirm-action';
import type { InlineActionState } from './inline-action';

/**
 * One pending invitation, on a merchant's Team page and on the console's Operators page: who, which
 * role, until when, and (for those allowed) a confirmed "Withdraw invitation".
 */
export function PendingInvitationRow({
  invitation,
  roleLabel,
  withdraw,
}: {
  invitation: { id: string; email: string; expiresAt: string };
  roleLabel: string;
  /** Absent for a reader who may not withdraw: the row then has no Actions cell. */
  withdraw?: {
    action: (previous: InlineActionState, formData: FormData) => Promise<InlineActionState>;
    fields: Record<string, string>;
  };
}) {
  return (
    <tr data-invitation={invitation.email}>
      <Td label="Email" className="break-all">{invitation.email}</Td>
      <Td label="Role">{roleLabel}</Td>
      <Td label="Expires"><DateTime value={invitation.expiresAt} /></Td>
      {withdraw && (
        <Td label="Actions">
          <ConfirmAction
            action={withdraw.action}
            fields={withdraw.fields}
            verb="Withdraw invitation"
            what={`of ${invitation.email}`}
            question={<>The link sent to {invitation.email} will stop working.</>}
            pendingLabel="Withdrawing…"
          />
        </Td>
      )}
    </tr>
  );
}
