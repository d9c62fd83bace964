import { eq } from 'drizzle-orm';
import { forbidden, ApiError } from '@/lib/api/errors';
import type { Principal } from '@/lib/api/principal';
import { recordAudit } from '@/lib/audit/record';
import { requireAdmin } from '@/lib/auth/require-admin';
import { merchants } from '@/lib/merchants/schema';
import { db, type Queryable } from '@/lib/platform/db';
import { channelAvailable } from './deliver';
import { notificationSettings, type MessageChannel, type MessageLanguage } from './schema';

export interface NotificationSettingsInput {
  receiptChannels: MessageChannel[];
  language: MessageLanguage;
  displayName: string | null;
  reminderDaysBefore: number | null;
  reminderChannels: MessageChannel[];
}

export interface EffectiveSettings extends NotificationSettingsInput {
  merchantName: string;
  updatedAt: Date | null;
}

const DEFAULTS: NotificationSettingsInput = { receiptChannels: [], language: 'en', displayName: null, reminderDaysBefore: null, reminderChannels: [] };

/** A merchant's settings, the defaults (nothing sent, English) until an administrator saves them. */
export async function settingsOf(tx: Queryable, merchantId: string): Promise<EffectiveSettings> {
  const [row] = await tx
    .select({ merchantName: merchants.name, settings: notificationSettings })
    .from(merchants)
    .leftJoin(notificationSettings, eq(notificationSettings.merchantId, merchants.id))
    .where(eq(merchants.id, merchantId));
  if (!row) throw new ApiError(404, 'not_found', 'Not found', 'The merchant was not found.');
  const saved = row.settings;
  return {
    merchantName: row.merchantName,
    receiptChannels: saved?.receiptChannels ?? DEFAULTS.receiptChannels,
    language: saved?.language ?? DEFAULTS.language,
    displayName: saved?.displayName ?? null,
    reminderDaysBefore: saved?.reminderDaysBefore ?? null,
    reminderChannels: saved?.reminderChannels ?? DEFAULTS.reminderChannels,
    updatedAt: saved?.updatedAt ?? null,
  };
}

/** The name payers read: the one chosen for messages, else the merchant's. */
export const nameInMessages = (settings: EffectiveSettings) => settings.displayName ?? settings.merchantName;

export const getNotificationSettings = (principal: Principal) => settingsOf(db(), principal.merchantId);

/** Administrators only; a channel without a provider outside the sandbox is refused (nothing could be sent). */
export async function putNotificationSettings(principal: Principal, input: NotificationSettingsInput): Promise<EffectiveSettings> {
  requireAdmin(principal);
  if (principal.subMerchantId) throw forbidden('Notification settings are the whole merchant\'s: a user of one sub-merchant cannot change them.');
  const wanted = [...new Set([...input.receiptChannels, ...input.reminderChannels])];
  const missing = wanted.filter((channel) => !channelAvailable(channel));
  if (missing.length > 0) {
    throw new ApiError(422, 'channel_not_configured', 'Channel not available', `${missing.join(' and ')} cannot be sent from this service: ${missing.includes('SMS') ? 'SMS_PROVIDER is not set' : 'SMTP_URL is not set'}. Ask the operator, or choose another channel.`);
  }
  const values = {
    receiptChannels: [...new Set(input.receiptChannels)],
    language: input.language,
    displayName: input.displayName?.trim() || null,
    reminderDaysBefore: input.reminderDaysBefore,
    reminderChannels: [...new Set(input.reminderChannels)],
    updatedBy: principal.userId,
    updatedAt: new Date(),
  };
  await db().transaction(async (tx) => {
    await tx.insert(notificationSettings).values({ merchantId: principal.merchantId, ...values }).onConflictDoUpdate({ target: notificationSettings.merchantId, set: values });
    await recordAudit(tx, {
      action: 'notification_settings.updated',
      target: { type: 'merchant', id: principal.merchantId },
      summary: `Payer messages set: receipts by ${values.receiptChannels.join(' and ') || 'no channel'} in ${values.language === 'sw' ? 'Swahili' : 'English'}; reminders ${values.reminderDaysBefore ? `${values.reminderDaysBefore} days before expiry by ${values.reminderChannels.join(' and ') || 'no channel'}` : 'off'}.`,
      details: { ...values, updatedAt: undefined, updatedBy: undefined },
    });
  });
  return settingsOf(db(), principal.merchantId);
}
