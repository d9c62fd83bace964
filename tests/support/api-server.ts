import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, inject } from 'vitest';
import { createApiApp } from '@/lib/service/app';
import { parseConfig, setConfig } from '@/lib/platform/config';
import { closePool, useDatabaseUrl } from '@/lib/platform/db';

export interface TestApi {
  baseUrl: string;
  /** fetch against /api/v1 with a JSON body when given */
  request(method: string, path: string, options?: { token?: string; json?: unknown; headers?: Record<string, string>; body?: string }): Promise<Response>;
}

/**
 * Starts the real API on a random loopback port, over real HTTP, against the run's PostgreSQL.
 * Environment overrides apply to this test file only.
 */
export function useTestApi(environment: Record<string, string> = {}): TestApi {
  let server: ServerType | undefined;
  const api: TestApi = {
    baseUrl: '',
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body = options.body;
      if (options.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(options.json);
      }
      return fetch(`${api.baseUrl}/api/v1${path}`, { method, headers, body });
    },
  };

  beforeAll(async () => {
    // The suite's cheap password hashes (vitest.config.ts, env) apply to this file's configuration too.
    setConfig(parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: inject('testDataDir'), PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST ?? '', ...environment }));
    useDatabaseUrl(inject('databaseUrl'));
    const app = createApiApp();
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve());
    });
    api.baseUrl = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    (server as { closeAllConnections?: () => void } | undefined)?.closeAllConnections?.();
    await new Promise((resolve) => server?.close(resolve));
    await closePool();
  });

  return api;
}
