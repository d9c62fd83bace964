import os from 'node:os';
import path from 'node:path';

/**
 * One server for the whole run, on a database of its own. The data folder is chosen once, in the
 * runner, and handed to workers and the global setup through the environment they inherit.
 */
process.env.COLLECT_E2E_DATA_DIR ??= path.join(os.tmpdir(), `collect-e2e-${Date.now()}-${process.pid}`);

export const PORT = 3100;
export const baseURL = `http://127.0.0.1:${PORT}`;
export const ACCESS_TOKEN_TTL_SECONDS = 8;

export const serverEnvironment: Record<string, string> = {
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR: process.env.COLLECT_E2E_DATA_DIR,
  DEMO_PASSWORD: 'demo-password-123',
  ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  // The shortest the service allows: a prompt nobody answers times out after 30 s instead of 3 minutes.
  STK_TIMEOUT_SECONDS: '10',
};
