import type { ApiApp } from '@/lib/api/context';

export function registerCustomerRoutes(_app: ApiApp): void {}
