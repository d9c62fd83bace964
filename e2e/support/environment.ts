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
  // NODE_ENV=test only for what the server reads at run time, which is what allows the cheap hashes
  // below (lib/platform/config.ts refuses them otherwise). The portal itself is `next build`'s
  // production build either way: Next inlines NODE_ENV into it at build time, and serves its
  // production runtime for any value but "development".
  NODE_ENV: 'test',
  // scrypt at N=2^10 instead of production's 2^15 (about 100 ms of CPU per sign-in, and the suite
  // signs in several hundred times: every helper of support/service.ts, every test's own sign-in).
  // What a test asserts about a password does not depend on the cost, which each stored hash
  // carries; tests/auth/password-cost.test.ts checks production's. docs/testing.md.
  PASSWORD_HASH_COST: '10',
  LOG_LEVEL: 'warn',
  // The shortest the service allows: a prompt nobody answers times out after 30 s instead of 3 minutes.
  STK_TIMEOUT_SECONDS: '10',
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  SMTP_FROM: 'Collect <team@collect.test>',
};
