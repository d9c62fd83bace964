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
/**
 * The mail server the suite's server sends to: e2e/password-reset.spec.ts listens there while it
 * runs (tests/team/smtp-server.ts). Mail sent at another time is refused and logged, as with a mail
 * server that is down; nothing waits on it.
 */
export const SMTP_PORT = PORT + 25;

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
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  SMTP_FROM: 'Collect <team@collect.test>',
};
