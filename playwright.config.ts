import { defineConfig, devices } from '@playwright/test';
import { baseURL, serverEnvironment } from './e2e/support/environment';

/**
 * Browser tests against the real server (service + portal in one process) on a fresh database.
 * Chromium comes from the system (/usr/bin/chromium): Playwright cannot download browsers here.
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  // Two spec files at a time, each file's tests in order in one worker. Each worker slot signs in
  // as a merchant of its own (e2e/support/accounts.ts), so files running together share only the
  // server and its database. Most of a test is waiting (for a render, a job, a simulated payer),
  // which the other worker fills: docs/testing.md. `--workers=1` runs them one at a time, as before.
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx server.ts',
    url: `${baseURL}/login`,
    env: serverEnvironment,
    reuseExistingServer: false,
    // The first start runs `next build` when the sources changed (`npm test` builds before, in
    // `test:build`): minutes on a loaded 2-core machine.
    timeout: 600_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the server stop its embedded PostgreSQL; a SIGKILL would leave it running.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
