/**
 * A process to kill, for tests/operations/jobs-*.test.ts: `jobs-child <task>` runs a job worker for
 * that task only and prints "ready" once its runner has started. The task never finishes, so a job
 * this process takes stays locked by it until something frees it.
 */
import { parseConfig, setConfig } from '@/lib/platform/config';
import { useDatabaseUrl } from '@/lib/platform/db';
import { startWorker } from '@/lib/platform/jobs/worker';

const [task] = process.argv.slice(2);
setConfig(parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: process.env.TEST_DATA_DIR }));
useDatabaseUrl(process.env.TEST_DATABASE_URL!);
await startWorker({ tasks: { [task!]: () => new Promise<void>(() => undefined) }, concurrency: 1 });
process.stdout.write('ready\n');
