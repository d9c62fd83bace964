import type { ApiApp } from '@/lib/api/context';

export function registerPayerLinkRoutes(_app: ApiApp): void {}
