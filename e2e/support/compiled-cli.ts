import path from 'node:path';
import { compileEntries } from '../../tests/support/compile-entries';

/**
 * The operator CLI (scripts/cli.ts) compiled once per browser-suite run by the global setup, instead
 * of by tsx at every call (tests/support/compile-entries.ts says what that saves). The suite calls
 * it a few dozen times: the global setup's merchants and users, the tests' own merchants and
 * operators. Its path reaches the workers through COLLECT_E2E_CLI, which the global setup sets
 * before they start. What operators run is unchanged: `npm run cli` is scripts/cli.ts through tsx.
 */
export async function compileCli(): Promise<{ file: string; remove: () => Promise<void> }> {
  const { folder, remove } = await compileEntries(['scripts/cli.ts'], 'e2e');
  return { file: path.join(folder, 'scripts', 'cli.mjs'), remove };
}
