import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, MiddlewareHandler } from 'hono';
import type { ApiEnv } from '@/lib/api/context';

/**
 * The request a change is made in, for its audit entry: who (read when the entry is written, after
 * authentication), from which address and under which request id. Kept in AsyncLocalStorage so
 * that a domain records an entry with one line, without threading the request through its code.
 */
const storage = new AsyncLocalStorage<Context<ApiEnv>>();

export const auditRequestContext: MiddlewareHandler<ApiEnv> = (c, next) => storage.run(c, next);

export const currentRequest = (): Context<ApiEnv> | undefined => storage.getStore();
