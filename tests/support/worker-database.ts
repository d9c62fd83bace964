import { inject } from 'vitest';

/**
 * Runs before every test file (setupFiles): points inject('databaseUrl') and inject('testDataDir')
 * at this worker's own database and data folder (made by global-setup.ts), so that files running at
 * the same time in different workers never share a database. VITEST_POOL_ID is the worker's slot,
 * 1 to maxWorkers; files in one slot run one after another.
 *
 * vitest gives every worker the same provided values; there is no per-worker `provide`, so the
 * worker's copy of them is rewritten here, before the test file is imported.
 */
const slot = Number(process.env.VITEST_POOL_ID ?? '1');
const urls = inject('databaseUrls');
const url = urls[slot - 1];
if (!url) throw new Error(`No test database for worker ${slot}: global-setup.ts made ${urls.length} (is maxWorkers set after the global setup ran?).`);

const provided = (globalThis as { __vitest_worker__?: { providedContext?: Record<string, unknown> } }).__vitest_worker__?.providedContext;
if (!provided) throw new Error("vitest's worker state has no providedContext: tests/support/worker-database.ts needs updating for this vitest version.");
provided.databaseUrl = url;
provided.testDataDir = `${inject('testDataDirRoot')}/w${slot}`;
