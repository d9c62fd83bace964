import { rm } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * TypeScript entry points that the test suites start as processes of their own (the operator CLI,
 * the crash and second-instance children), compiled once per run instead of by tsx on every start:
 * `node --import tsx scripts/cli.ts settings:show` costs 2.2 CPU-seconds, most of it loading tsx and
 * compiling the CLI's imports, and the compiled file 0.9 (docs/testing.md). The same esbuild settings
 * as scripts/build-server.mjs: the project's own modules bundled, packages loaded from node_modules.
 * Used by the unit suite's and the browser suite's global setups; no Vitest or Playwright import.
 *
 * The files go to a folder of this run's own (two runs in one working tree must not overwrite each
 * other's) under node_modules, so that they find the packages, and lib/platform/paths.ts the project
 * above them. `entry.ts` becomes `<folder>/entry.mjs`, its path kept. Remove the folder at the end.
 */
export async function compileEntries(entries: readonly string[], suite: string): Promise<{ folder: string; remove: () => Promise<void> }> {
  const { build } = await import('esbuild');
  const folder = path.join(root, 'node_modules', '.cache', `collect-${suite}`, `run-${process.pid}-${Date.now()}`);
  await build({
    entryPoints: entries.map((entry) => path.join(root, entry)),
    outbase: root,
    outdir: folder,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'), // the @/ paths
    logLevel: 'warning',
  });
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}
