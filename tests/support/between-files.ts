import { vi } from 'vitest';
import { closePool } from '@/lib/platform/db';
import { closeReadPool } from '@/lib/platform/db/read-pool';
import { forgetKeyRing } from '@/lib/auth/tokens';
import { forgetDisabledMerchants } from '@/lib/merchants/disabled';
import { forgetSharedSecrets } from '@/lib/platform/secrets';

/**
 * A setup file of the "shared" project only (vitest.config.ts), which runs its files without
 * isolation: a worker imports the app once and runs file after file in the same module graph. A
 * setup file runs again before every test file even then, so this is where what one file leaves in
 * the process is put back as a fresh process would have it, before the next file's own code runs.
 *
 * What a file leaves, and why each matters (docs/testing.md, "Import once per worker"):
 *   - the configuration (`setConfig` by useTestApi or the file itself): a file that sets none
 *     must parse the environment again, as in a process of its own;
 *   - the logger, built from the first configuration that asked for it (its level);
 *   - the pools: a file's afterAll closes them, but one that fails half-way may not;
 *   - what is remembered from the database: shared secrets, the token key ring, disabled merchants
 *     (all per database, and the next file may use another one or change them);
 *   - the Prometheus counters (lib/platform/metrics.ts): a file reads them as a fresh process has
 *     them (tests/operations/metrics expects no PostgreSQL restart, which readiness counts);
 *   - Vitest's own stubs and fake timers, should a file leave them on.
 * Not reset, because they cannot cross files here: caches keyed by ids or account numbers that are
 * unique in the worker's database (the payment batcher's accounts, merchants' pricing); Daraja's
 * OAuth tokens, kept per Daraja address (each file starts a Daraja server on a port of its own).
 * Files that change the process itself (environment variables, their own PostgreSQL, child
 * processes killed mid-way, databases of their own) stay in the isolated project.
 */
const shared = globalThis as unknown as { __collectConfig?: unknown; __collectLogger?: unknown; __collectMetrics?: { registry: { resetMetrics(): void } } };

vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllEnvs();
vi.unstubAllGlobals();
delete shared.__collectConfig;
delete shared.__collectLogger;
shared.__collectMetrics?.registry.resetMetrics();
forgetSharedSecrets();
forgetKeyRing();
forgetDisabledMerchants();
await closeReadPool();
await closePool();
