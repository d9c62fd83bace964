import type { ApiApp } from '@/lib/api/context';

export function registerAccountRoutes(_app: ApiApp): void {}
