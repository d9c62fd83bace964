import Link from '@/components/ui/link';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { numeric, Table, Td, Th } from '@/components/ui/table';
import { formatMoney } from '@/lib/portal/money';
import { canSendAgain, promptStatusText } from './prompt-words';
import { SendAgainForm } from './send-again-form';
import type { Prompt } from './types';
import { displayPhone } from '@/lib/platform/phone';

/**
 * Phone prompts, newest first: what became of each, and "send again" for those that ended unpaid.
 * Each links to what it was for: its bill (by reference), its customer (by name), or the account it paid into.
 */
export interface PromptTableProps {
  prompts: Prompt[];
  /** What each prompt was for (by prompt id): its bill by reference, its customer by name, or its account. */
  purposes: ReadonlyMap<string, { label: string; href: string }>;
  resendKeys?: Map<string, string>;
}

export function PromptTable({ prompts, purposes, resendKeys }: PromptTableProps) {
  return (
    <Table caption="Phone prompts, newest first">
      <thead>
        <tr>
          <Th>Sent</Th>
          <Th>Status</Th>
          <Th>Phone</Th>
          <Th className="text-right">Amount</Th>
          <Th>For</Th>
          {resendKeys && <Th>Again</Th>}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {prompts.map((prompt) => {
          const status = promptStatusText(prompt);
          const key = resendKeys?.get(prompt.id);
          const purpose = purposes.get(prompt.id);
          return (
            <tr key={prompt.id}>
              <Td label="Sent" className="whitespace-nowrap">
                <Link href={`/stk/${prompt.id}`} className="font-medium text-brand-800 underline-offset-2 hover:underline">
                  <DateTime value={prompt.createdAt} />
                </Link>
              </Td>
              <Td label="Status">
                <Badge tone={status.tone}>{status.label}</Badge>
                {prompt.failureReason && <p className="mt-1 text-xs text-slate-600">{prompt.failureReason}</p>}
              </Td>
              <Td label="Phone" className="whitespace-nowrap">
                <span className="font-mono whitespace-nowrap">{displayPhone(prompt.phone)}</span>
                {prompt.askedByPayer && <p className="mt-1 text-xs font-medium text-slate-700">Asked by the payer</p>}
              </Td>
              <Td label="Amount" className={numeric}>
                {formatMoney(prompt.amount, 'KES')}
              </Td>
              <Td label="For">
                {purpose && (
                  <Link href={purpose.href} className="text-brand-800 underline">
                    {purpose.label}
                  </Link>
                )}
                {prompt.description && <p className="mt-1 text-xs text-slate-600">{prompt.description}</p>}
              </Td>
              {resendKeys && (
                <Td label="Again">
                  {key && canSendAgain(prompt.status) ? (
                    <SendAgainForm initiationId={prompt.id} idempotencyKey={key} label={`Send again: ${formatMoney(prompt.amount, 'KES')} to ${displayPhone(prompt.phone)}`} />
                  ) : (
                    <span className="text-slate-500">—</span>
                  )}
                </Td>
              )}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
