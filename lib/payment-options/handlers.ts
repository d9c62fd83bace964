import type { ApiApp } from '@/lib/api/context';

export function registerPaymentOptionRoutes(_app: ApiApp): void {}
