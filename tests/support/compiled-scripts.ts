import path from 'node:path';
import { inject } from 'vitest';
import { compileEntries } from './compile-entries';

/**
 * The entry points the unit suite starts as processes of their own, compiled once per run by the
 * global setup (compile-entries.ts). What operators run is unchanged: `npm run cli` still runs
 * scripts/cli.ts through tsx (README), which tests/docs/cli-password.test.ts keeps running.
 */
export const COMPILED_ENTRIES = [
  'scripts/cli.ts',
  'tests/webhooks/fixtures/crash-child.ts',
  'tests/settlement/fixtures/scheduler-instance.ts',
  'tests/operations/jobs-child.ts',
] as const;
export type CompiledEntry = (typeof COMPILED_ENTRIES)[number];

/** Compiles COMPILED_ENTRIES for this run (the global setup provides the folder, then removes it). */
export const compileTestEntries = () => compileEntries(COMPILED_ENTRIES, 'tests');

/** The compiled file of an entry, to start with `node <file> …args` (in a test file). */
export const compiledEntry = (entry: CompiledEntry): string =>
  path.join(inject('compiledScriptsDir'), entry.replace(/\.ts$/, '.mjs'));

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the global setup compiled COMPILED_ENTRIES (tests/support/compiled-scripts.ts). */
    compiledScriptsDir: string;
  }
}
