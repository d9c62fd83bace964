import type { Metadata } from 'next';
import { MessageTable } from '@/components/messages/message-table';
import { NotificationSettingsForm } from '@/components/messages/settings-form';
import { NotificationSettingsView } from '@/components/messages/settings-view';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { servicePage } from '@/components/ui/service-page';
import { messageRoutes } from '@/lib/messages/routes';
import { sandboxEnabled } from '@/lib/platform/config';
import { canWrite, isAdmin } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';

export const metadata: Metadata = { title: 'Messages' };

/**
 * What payers are sent: the notification settings (administrators change them, others read them),
 * the messages sent and failed with their retries, and in the sandbox the outbox of messages that
 * would have been sent.
 */
async function MessagesPage() {
  const session = await requireSession();
  const client = portalClient(session);
  const sandbox = sandboxEnabled();
  const [settings, recent, outbox] = await Promise.all([
    client.call(messageRoutes.getSettings),
    client.call(messageRoutes.list, { query: { limit: 50 } }),
    sandbox ? client.call(messageRoutes.outbox, { query: { limit: 50 } }) : Promise.resolve([]),
  ]);
  const sent = recent.filter((message) => message.status !== 'OUTBOX');
  return (
    <>
      <PageHeader title="Messages" description="Receipts, bill links and reminders sent to your payers by SMS and email." />
      <div className="space-y-10">
        <section aria-labelledby="settings-heading" className="space-y-3">
          <h2 id="settings-heading" className="text-lg font-semibold text-slate-900">
            Notification settings
          </h2>
          {isAdmin(session.user) ? <NotificationSettingsForm settings={settings} /> : <NotificationSettingsView settings={settings} />}
        </section>
        {sandbox && (
          <section aria-labelledby="outbox-heading" className="space-y-3">
            <h2 id="outbox-heading" className="text-lg font-semibold text-slate-900">
              Sandbox outbox
            </h2>
            <p className="text-sm text-slate-600">In the sandbox, messages of a channel without a provider are not sent: here is what would have been.</p>
            {outbox.length ? <MessageTable messages={outbox} caption="Sandbox outbox" retry={false} /> : <EmptyState title="The outbox is empty">Send a bill to a customer, or receive a payment with receipts on.</EmptyState>}
          </section>
        )}
        <section aria-labelledby="sent-heading" className="space-y-3">
          <h2 id="sent-heading" className="text-lg font-semibold text-slate-900">
            Sent and failed
          </h2>
          <p className="text-sm text-slate-600">The latest 50. A failed message is tried again by the job queue; one that gave up can be sent again here.</p>
          {sent.length ? <MessageTable messages={sent} caption="Messages sent and failed" retry={canWrite(session.user)} /> : <EmptyState title="No messages sent yet">Receipts and reminders appear here once your settings turn them on.</EmptyState>}
        </section>
      </div>
    </>
  );
}

export default servicePage({ title: 'Messages' }, MessagesPage);
