'use client';

import { useActionState } from 'react';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SelectField } from '@/components/ui/select-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { saveNotificationSettings, type MessageFormState } from '@/app/(portal)/messages/actions';
import type { PortalNotificationSettings } from './types';
import { channelLabel, languageLabel } from './words';

const reminderOptions = [{ value: '', label: 'No reminders' }, ...[1, 2, 3, 5, 7, 14].map((days) => ({ value: String(days), label: `${days} day${days === 1 ? '' : 's'} before` }))];

/** What payers are sent (administrators). Channels this service cannot send are not offered. */
export function NotificationSettingsForm({ settings }: { settings: PortalNotificationSettings }) {
  const [state, formAction] = useActionState<MessageFormState, FormData>(saveNotificationSettings, {});
  const errors = state.errors ?? {};
  const channels = settings.availableChannels;
  return (
    <form action={formAction} noValidate className="max-w-2xl space-y-5 rounded-lg border border-slate-200 bg-white p-4" aria-label="Notification settings">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Send payers a receipt of each payment by</legend>
        {channels.map((channel) => (
          <CheckboxField key={channel} label={channelLabel[channel]} name="receiptChannels" id={`receipt-${channel}`} value={channel} defaultChecked={settings.receiptChannels.includes(channel)} />
        ))}
        {channels.length === 0 && <p className="text-sm text-slate-600">This service has no SMS provider or mail server set.</p>}
      </fieldset>
      <SelectField
        label="Language of messages"
        name="language"
        id="messages-language"
        options={Object.entries(languageLabel).map(([value, label]) => ({ value, label }))}
        defaultValue={settings.language}
        errors={errors.language}
      />
      <Field
        label="Name in messages (optional)"
        name="displayName"
        id="messages-display-name"
        maxLength={60}
        hint={`Up to 60 characters. Empty: your merchant's name, ${settings.merchantName}.`}
        defaultValue={settings.displayName ?? ''}
        errors={errors.displayName}
      />
      <SelectField
        label="Remind customers before a bill expires"
        name="reminderDaysBefore"
        id="messages-reminder-days"
        hint="Once per bill, to the bill's customer."
        options={reminderOptions}
        defaultValue={settings.reminderDaysBefore === null ? '' : String(settings.reminderDaysBefore)}
        errors={errors.reminderDaysBefore}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Send reminders by</legend>
        {channels.map((channel) => (
          <CheckboxField key={channel} label={channelLabel[channel]} name="reminderChannels" id={`reminder-${channel}`} value={channel} defaultChecked={settings.reminderChannels.includes(channel)} />
        ))}
      </fieldset>
      <FormMessage message={state.message} tone={state.ok ? 'success' : 'error'} />
      <SubmitButton pendingLabel="Saving…">Save notification settings</SubmitButton>
    </form>
  );
}
