import type { ApiApp } from '@/lib/api/context';

export function registerBillRoutes(_app: ApiApp): void {}
