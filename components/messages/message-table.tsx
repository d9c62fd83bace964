import { displayPhone } from '@/lib/platform/phone';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { Table, Td, Th } from '@/components/ui/table';
import { RetryForm } from './retry-form';
import type { PortalMessage } from './types';
import { canRetry, channelLabel, kindLabel, statusWords } from './words';

/** Messages newest first: to whom, by which channel, what it said, and what became of it. */
export function MessageTable({ messages, caption, retry }: { messages: PortalMessage[]; caption: string; retry: boolean }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <Th scope="col">When</Th>
          <Th scope="col">What</Th>
          <Th scope="col">To</Th>
          <Th scope="col">Message</Th>
          <Th scope="col">Status</Th>
        </tr>
      </thead>
      <tbody>
        {messages.map((message) => {
          const status = statusWords[message.status] ?? { label: message.status, tone: 'neutral' as const };
          return (
            <tr key={message.id}>
              <Td label="When">
                <DateTime value={message.createdAt} />
              </Td>
              <Td label="What">
                {kindLabel[message.kind]} · {channelLabel[message.channel]}
              </Td>
              <Td label="To">{message.channel === 'SMS' ? displayPhone(message.to) : message.to}</Td>
              <Td label="Message">
                {message.subject && <p className="font-medium">{message.subject}</p>}
                <p className="max-w-md whitespace-pre-line break-words text-sm">{message.body}</p>
                {message.segments !== null && <p className="text-xs text-slate-600">{message.segments} SMS part{message.segments === 1 ? '' : 's'}</p>}
              </Td>
              <Td label="Status">
                <Badge tone={status.tone}>{status.label}</Badge>
                {message.attempts > 1 && <p className="text-xs text-slate-600">{message.attempts} attempts</p>}
                {message.lastError && <p className="mt-1 max-w-xs text-sm text-red-800">{message.lastError}</p>}
                {retry && canRetry(message.status) && (
                  <div className="mt-2">
                    <RetryForm messageId={message.id} />
                  </div>
                )}
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
