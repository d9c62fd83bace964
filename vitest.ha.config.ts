import { defineConfig } from 'vitest/config';
import unitConfig from './vitest.config';

/**
 * The HA trials (`npm run test:ha`): PgBouncer, streaming standbys, Patroni failover, point-in-time
 * restore. Each test starts its own PostgreSQL 15 / pgbouncer / patroni / etcd / haproxy processes on
 * free ports in a temp folder, so there is no shared database setup here. They run one file at a
 * time: each file starts a small cluster, and two clusters at once on 2 cores make the timings
 * (failover seconds, restore time) meaningless.
 */
export default defineConfig({
  // The same aliases as the unit suite's.
  resolve: unitConfig.resolve,
  test: {
    include: ['tests/ha/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
