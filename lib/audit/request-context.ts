import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from 'hono';
import type { ApiEnv } from '@/lib/api/context';

/**
 * The request a change is made in, for its audit entry: who (read when the entry is written, after
 * authentication), from which address and under which request id. Kept in AsyncLocalStorage so
 * that a domain records an entry with one line, without threading the request through its code.
 */
const storage = new AsyncLocalStorage<Context<ApiEnv>>();

/** Runs the rest of a request (`work`) with `c` as its audit context (lib/service/app.ts, for every request). */
export const inRequestContext = <T>(c: Context<ApiEnv>, work: () => T): T => storage.run(c, work);

export const currentRequest = (): Context<ApiEnv> | undefined => storage.getStore();
