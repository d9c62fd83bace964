import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { baseURL, serverEnvironment } from './e2e/support/environment';

/**
 * Debian's chromium-headless-shell when it is installed (.ci/run installs it): the headless-only
 * build of the same Chromium, the one Playwright itself runs headless tests with. It took 39 % less
 * CPU than the full browser in headless mode over the same tests, and the browsers are the largest
 * share of the suite's CPU (docs/testing.md). Otherwise the full browser; E2E_CHROMIUM names another.
 */
const chromium =
  process.env.E2E_CHROMIUM ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * Browser tests against the real server (service + portal in one process) on a fresh database.
 * Chromium comes from the system (Debian's packages): Playwright cannot download browsers here.
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  // Four spec files at a time, each file's tests in order in one worker (the longest files, whose
  // tests stand alone, spread theirs: `mode: 'parallel'` in them). Each worker slot signs in as a
  // merchant of its own (e2e/support/accounts.ts), so files running together share only the server
  // and its database. Much of a test is waiting (for a render, a job, a simulated payer, a
  // timeout), which the other workers fill; two left a quiet machine's cores idle most of the run:
  // docs/testing.md. `--workers=1` runs them one at a time, as before.
  workers: 4,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // A failing test runs once more, recording a trace this time (`trace` below), and the run fails
  // all the same when the second try passes (`failOnFlakyTests`): the retry is there for the
  // diagnosis, never to let a flaky test through. Recording a trace of every test and keeping only
  // the failures' cost the suite about a seventh of its CPU (docs/testing.md, "Traces on the retry").
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromium,
          // --js-flags: no optimizing compilers (TurboFan, Maglev). A test's page lives a few seconds,
          // too short for their compiling to be paid back; without them the renderers took 13-26
          // fewer CPU-seconds of the browser suite (docs/testing.md, "Less CPU per test").
          // The portal's scripts run the same, in V8's interpreter and baseline compiler.
          args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--js-flags=--no-opt --no-maglev'],
        },
      },
    },
  ],
  webServer: {
    // The compiled server (scripts/build-server.mjs: a no-op when no source changed, as after
    // `npm test`'s build lane), as `npm start` runs it: no TypeScript compiled at start, no tsx
    // process beside it. `exec`, so that the SIGTERM below reaches node, not the shell.
    command: 'node scripts/build-server.mjs && exec node dist/server.mjs',
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
