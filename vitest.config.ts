import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // The typed client refuses browser bundles; in tests it runs on the server side, as in the portal.
      'server-only': path.resolve(import.meta.dirname, 'tests/support/empty-module.ts'),
    },
  },
  test: {
    include: ['tests/**/*.test.ts'],
    // The HA trials start their own clusters and run with `npm run test:ha` (vitest.ha.config.ts).
    exclude: [...configDefaults.exclude, 'tests/ha/**'],
    pool: 'forks',
    // vitest's default (cores - 1) is one worker here: one core busy, the other idle. Three keep both
    // busy while some files wait (job polls, timers, HTTP) and others compute. Each worker has a
    // database of its own (global-setup.ts, worker-database.ts). docs/testing.md.
    maxWorkers: 3,
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/worker-database.ts'],
    // In every worker's environment, so in what config() parses when a file sets nothing, in what
    // useTestApi parses (tests/support/api-server.ts) and in the processes a test starts.
    // PASSWORD_HASH_COST: scrypt at N=2^10 (2.5 ms of CPU) instead of production's 2^15 (100 ms): the
    // suite signs up and signs in thousands of users. What a test asserts about a password does not
    // depend on the cost, which is read back from each stored hash; tests/auth/password-cost.test.ts
    // checks production's. docs/testing.md, "Cheap password hashes".
    env: { PASSWORD_HASH_COST: '10' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
