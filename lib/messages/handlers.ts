import type { MiddlewareHandler } from 'hono';
import type { ApiApp, ApiEnv } from '@/lib/api/context';
import { pageOf } from '@/lib/api/pagination';
import { sandboxEnabled } from '@/lib/platform/config';
import { unknownRoute } from '@/lib/rails/guards';
import { channelAvailable, channelConfigured } from './deliver';
import { getMessage, listMessages, retryMessage } from './queries';
import { messageRoutes } from './routes';
import { messageChannels } from './schema';
import { sendBillToCustomer } from './send-bill';
import { toMessageJson } from './serialize';
import { getNotificationSettings, nameInMessages, putNotificationSettings, type EffectiveSettings } from './settings';

/** Outside the sandbox the outbox does not exist, and answers exactly as an unknown route. */
const requireSandbox: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!sandboxEnabled()) throw unknownRoute(c);
  await next();
};

const toSettingsJson = (settings: EffectiveSettings) => ({
  receiptChannels: settings.receiptChannels,
  language: settings.language,
  displayName: settings.displayName,
  merchantName: settings.merchantName,
  nameInMessages: nameInMessages(settings),
  reminderDaysBefore: settings.reminderDaysBefore,
  reminderChannels: settings.reminderChannels,
  availableChannels: messageChannels.filter((channel) => channelAvailable(channel)),
  sandboxOutbox: sandboxEnabled() && messageChannels.some((channel) => !channelConfigured(channel)),
  updatedAt: settings.updatedAt?.toISOString() ?? null,
});

export function registerMessageRoutes(app: ApiApp): void {
  app.openapi(messageRoutes.getSettings, async (c) => c.json(toSettingsJson(await getNotificationSettings(c.get('principal'))), 200));
  app.openapi(messageRoutes.putSettings, async (c) => {
    const body = c.req.valid('json');
    const saved = await putNotificationSettings(c.get('principal'), {
      receiptChannels: body.receiptChannels,
      language: body.language,
      displayName: body.displayName ?? null,
      reminderDaysBefore: body.reminderDaysBefore ?? null,
      reminderChannels: body.reminderChannels,
    });
    return c.json(toSettingsJson(saved), 200);
  });

  app.use('/merchants/me/sandbox/messages', requireSandbox);
  app.openapi(messageRoutes.outbox, async (c) => {
    const filters = c.req.valid('query');
    const rows = await listMessages(c.get('principal'), filters, { outboxOnly: true });
    return c.json(pageOf(c, rows, filters.limit).map(toMessageJson), 200);
  });
  app.openapi(messageRoutes.list, async (c) => {
    const filters = c.req.valid('query');
    const rows = await listMessages(c.get('principal'), filters);
    return c.json(pageOf(c, rows, filters.limit).map(toMessageJson), 200);
  });
  app.openapi(messageRoutes.get, async (c) => c.json(toMessageJson(await getMessage(c.get('principal'), c.req.valid('param').messageId)), 200));
  app.openapi(messageRoutes.retry, async (c) => c.json(toMessageJson(await retryMessage(c.get('principal'), c.req.valid('param').messageId)), 202));

  app.openapi(messageRoutes.sendBill, async (c) => {
    const recorded = await sendBillToCustomer(c.get('principal'), c.req.valid('param').expectedPaymentId, c.req.valid('json').channels, new URL(c.req.url).origin);
    return c.json({ data: recorded.map(toMessageJson) }, 202);
  });
}
