import { config, sandboxEnabled, type AppConfig } from '@/lib/platform/config';
import { emailLink } from '@/lib/team/mailer';
import { sendAfricasTalkingSms } from './africastalking';
import type { SendOutcome } from './outcome';
import type { MessageChannel } from './schema';

export interface Deliverable {
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  body: string;
}

/** Whether the channel has a provider here; without one, the sandbox keeps messages in its outbox. */
export function channelConfigured(channel: MessageChannel, settings: AppConfig = config()): boolean {
  return channel === 'SMS' ? settings.SMS_PROVIDER === 'africastalking' : Boolean(settings.SMTP_URL);
}

/** A channel a merchant may turn on: configured, or any in the sandbox (its outbox shows them). */
export const channelAvailable = (channel: MessageChannel, settings: AppConfig = config()) => channelConfigured(channel, settings) || sandboxEnabled(settings);

/** One attempt: never throws; every wait on a provider has a timeout and an answer. */
export async function deliver(message: Deliverable, settings: AppConfig = config()): Promise<SendOutcome> {
  if (!channelConfigured(message.channel, settings)) {
    if (sandboxEnabled(settings)) return { kind: 'outbox' };
    return { kind: 'final', error: message.channel === 'SMS' ? 'No SMS provider is set on this service (SMS_PROVIDER).' : 'No mail server is set on this service (SMTP_URL).' };
  }
  if (message.channel === 'SMS') return sendAfricasTalkingSms(settings, message.recipient, message.body);
  // lib/team/mailer.ts: SMTP_URL, SMTP_FROM, connection and socket timeouts; false when the server did not take it.
  const accepted = await emailLink(message.recipient, message.subject ?? '', message.body);
  return accepted ? { kind: 'sent', providerMessageId: null, cost: null } : { kind: 'retry', error: 'The mail server did not accept the message.' };
}
