import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that must run in a process of their own (Vitest's isolation, the default): they change the
 * process or the run's shared PostgreSQL in ways a reset between files cannot undo. Every other file
 * runs in the "shared" project, without isolation (docs/testing.md, "Import once per worker").
 */
const isolatedFiles = [
  // PostgreSQL of their own, killed, frozen or supervised; logs and timers of the process itself.
  'tests/outage/**',
  'tests/platform/**',
  // Its own supervised PostgreSQL, killed: shared, it once found graphile-worker's LISTEN elsewhere (CI, 26 Nov).
  'tests/operations/readiness.test.ts',
  // Databases of their own copied from the template: their account numbers repeat the worker database's,
  // which the payment batcher's accounts-by-number cache (lib/payments/batcher.ts) would mix up.
  'tests/instances/**',
  'tests/settlement/schedule.test.ts',
  // Sets environment variables (the in-process client's switch).
  'tests/client/in-process.test.ts',
  // Child processes killed mid-way, and a "within 10 s" bound that a shared worker's leftovers could eat.
  'tests/operations/webhooks-heal.test.ts',
  'tests/settlement/two-instances.test.ts',
  'tests/webhooks/crash.test.ts',
  // Child processes killed mid-way, and the job heartbeat table locked: a shared worker's leftover job workers would wait on it.
  'tests/operations/jobs-*.test.ts',
];

/**
 * The files that take longest, longest first: they start before everything else, so that none of
 * them is the run's tail. Vitest orders files by their last duration when its cache has one, but a
 * fresh clone (CI) has none and Vitest falls back to the largest file first, which once started
 * tests/fuzz/api-fuzz (a small file that runs for over a minute) 57 % into the run, and it ended
 * last. Measured durations: docs/testing.md, "Measured". A file missing from here only loses its
 * head start.
 */
const LONGEST_FIRST = [
  'tests/fuzz/api-fuzz.test.ts',
  'tests/operations/webhooks-heal.test.ts',
  'tests/platform/embedded-postgres.test.ts',
  'tests/docs/curl-examples.test.ts',
  'tests/reversals/sandbox.test.ts',
  'tests/outage/freeze.test.ts',
  'tests/rails/one-reference.property.test.ts',
  'tests/settlement/payouts-bank.test.ts',
  'tests/platform/postgres-supervisor.test.ts',
  'tests/webhooks/delivery.test.ts',
  'tests/rails/property.test.ts',
  'tests/settlement/two-instances.test.ts',
  'tests/operations/jobs-never-beat.test.ts',
  // Small files that mostly wait (a CLI's children, a prompt's 10-second timeout): by size they came
  // last and were the run's 10-13 s tail on their own.
  'tests/docs/cli-password.test.ts',
  'tests/stk/worker.test.ts',
];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's order (its projects, its cache).
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

/** What both projects share (a project does not inherit the root's `test` without `extends`). */
const shared = {
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // The typed client refuses browser bundles; in tests it runs on the server side, as in the portal.
      'server-only': path.resolve(import.meta.dirname, 'tests/support/empty-module.ts'),
    },
  },
};
const exclude = [...configDefaults.exclude, 'tests/ha/**'];
const common = {
  pool: 'forks' as const, execArgv: ['--cpu-prof','--cpu-prof-dir=/tmp/prof/fuzzprof'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  ...shared,
  test: {
    // The HA trials start their own clusters and run with `npm run test:ha` (vitest.ha.config.ts).
    exclude,
    // vitest's default (cores - 1) is one worker here: one core busy, the other idle. Three keep both
    // busy while some files wait (job polls, timers, HTTP) and others compute. Each worker has a
    // database of its own (global-setup.ts, worker-database.ts). docs/testing.md.
    maxWorkers: 3,
    // Once for the run (the root project's): one PostgreSQL, one template, a database per worker.
    globalSetup: ['tests/support/global-setup.ts'],
    // In every worker's environment, so in what config() parses when a file sets nothing, in what
    // useTestApi parses (tests/support/api-server.ts) and in the processes a test starts.
    // PASSWORD_HASH_COST: scrypt at N=2^10 (2.5 ms of CPU) instead of production's 2^15 (100 ms): the
    // suite signs up and signs in thousands of users. What a test asserts about a password does not
    // depend on the cost, which is read back from each stored hash; tests/auth/password-cost.test.ts
    // checks production's. docs/testing.md, "Cheap password hashes".
    env: { PASSWORD_HASH_COST: '10' },
    ...common,
    // The longest files first, whichever project they are in (LongestFirstSequencer, above).
    sequence: { sequencer: LongestFirstSequencer },
    // Two groups of files at the same time on the same three workers. Vitest queues the projects by
    // name, so "isolated" (the long, heavy files) starts first and "shared" fills in behind it.
    projects: [
      {
        ...shared,
        test: {
          ...common,
          name: 'isolated',
          include: isolatedFiles.map((pattern) => (pattern.endsWith('.ts') ? pattern : `${pattern}/*.test.ts`)),
          exclude,
          setupFiles: ['tests/support/worker-database.ts'],
        },
      },
      {
        ...shared,
        test: {
          ...common,
          name: 'shared',
          include: ['tests/**/*.test.ts'],
          exclude: [...exclude, ...isolatedFiles],
          // One module graph per worker: the app is imported once, not once per file (the whole
          // suite's CPU fell from 545 s to 300 s). between-files.ts puts back what a file leaves.
          isolate: false,
          setupFiles: ['tests/support/worker-database.ts', 'tests/support/between-files.ts'],
        },
      },
    ],
  },
});
