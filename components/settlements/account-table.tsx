import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { Table, Td, Th } from '@/components/ui/table';
import { DisableAccountForm } from './disable-account-form';
import type { SettlementAccount } from './types';
import { accountDestination, accountKindLabel } from './words';

/** The accounts settlements are paid to, newest first; administrators may disable an active one. */
export function AccountTable({
  accounts,
  bucketName,
  admin,
  needsCode,
}: {
  accounts: SettlementAccount[];
  bucketName: (subMerchantId: string | null) => string;
  admin: boolean;
  needsCode: boolean;
}) {
  return (
    <Table caption="Settlement accounts, newest first">
      <thead>
        <tr>
          <Th>Paid to</Th>
          <Th>Name</Th>
          <Th>Currency</Th>
          <Th>For</Th>
          <Th>Status</Th>
          <Th>Added</Th>
          {admin && <Th>Change</Th>}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {accounts.map((account) => (
          <tr key={account.id}>
            <Td label="Paid to">
              {accountDestination(account)}
              <p className="text-slate-600">{accountKindLabel[account.kind]}</p>
            </Td>
            <Td label="Name">{account.accountName}</Td>
            <Td label="Currency">{account.currency}</Td>
            <Td label="For">{bucketName(account.subMerchantId)}</Td>
            <Td label="Status">
              {account.status === 'ACTIVE' ? <Badge tone="success">Active</Badge> : <Badge>Disabled</Badge>}
              {account.disabledAt && (
                <p className="mt-1 text-slate-600">
                  <DateTime value={account.disabledAt} />
                </p>
              )}
            </Td>
            <Td label="Added" className="whitespace-nowrap">
              <DateTime value={account.createdAt} />
            </Td>
            {admin && (
              <Td label="Change">
                {account.status === 'ACTIVE' ? <DisableAccountForm accountId={account.id} label={accountDestination(account)} needsCode={needsCode} /> : null}
              </Td>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
