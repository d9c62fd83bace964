import { DetailList } from '@/components/ui/detail-list';
import type { PortalNotificationSettings } from './types';
import { channelLabel, languageLabel } from './words';

const channels = (list: ('SMS' | 'EMAIL')[]) => (list.length ? list.map((channel) => channelLabel[channel]).join(' and ') : 'None');

/** The settings for users who may not change them. */
export function NotificationSettingsView({ settings }: { settings: PortalNotificationSettings }) {
  return (
    <DetailList
      items={[
        { term: 'Receipts by', detail: channels(settings.receiptChannels) },
        { term: 'Language', detail: languageLabel[settings.language] },
        { term: 'Name in messages', detail: settings.nameInMessages },
        { term: 'Reminders', detail: settings.reminderDaysBefore ? `${settings.reminderDaysBefore} days before expiry, by ${channels(settings.reminderChannels)}` : 'Off' },
      ]}
    />
  );
}
