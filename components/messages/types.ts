import type { RouteOutput } from '@/lib/client';
import type { messageRoutes } from '@/lib/messages/routes';

export type PortalMessage = RouteOutput<typeof messageRoutes.get>;
export type PortalNotificationSettings = RouteOutput<typeof messageRoutes.getSettings>;
