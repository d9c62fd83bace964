import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SOURCES = ['app', 'components', 'lib', 'messages', 'public', 'proxy.ts', 'next.config.ts', 'postcss.config.mjs', 'package-lock.json', 'tsconfig.json'];
const STAMP_FILE = 'collect-source-stamp';

async function fingerprint(root: string): Promise<string> {
  const hash = createHash('sha256');
  const visit = async (relative: string): Promise<void> => {
    const absolute = path.join(root, relative);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) return;
    if (info.isDirectory()) {
      for (const entry of (await readdir(absolute)).sort()) await visit(path.join(relative, entry));
    } else {
      hash.update(`${relative}:${info.size}:${info.mtimeMs}\n`);
    }
  };
  for (const source of SOURCES) await visit(source);
  return hash.digest('hex');
}

/** Builds the portal when there is no build, or the sources changed since the last one. */
export async function ensurePortalBuild(root: string, log: (line: string) => void): Promise<void> {
  const stampPath = path.join(root, '.next', STAMP_FILE);
  const current = await fingerprint(root);
  const built = await readFile(path.join(root, '.next', 'BUILD_ID'), 'utf8').catch(() => undefined);
  const stamp = await readFile(stampPath, 'utf8').catch(() => undefined);
  if (built && stamp === current) return;
  log('Building the portal (next build); this happens once per source change.');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: root,
      stdio: 'inherit',
      // A payments service sends no telemetry unless its operator asks for it (NEXT_TELEMETRY_DISABLED=0).
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? '1' },
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`next build failed with exit code ${code}.`))));
  });
  await writeFile(stampPath, current);
}

/**
 * The portal's configuration as `next build` resolved it (`.next/required-server-files.json`, what
 * Next's own standalone server starts from). Started from it, production spares loading
 * next.config.ts, which Next compiles with its native SWC binding, and the plugins that file
 * imports (next-intl's pulls in @swc/core): about 40 MiB of resident memory held for nothing once
 * the portal is built (docs/benchmarks.md, "Memory and start").
 */
export async function builtPortalConfig(root: string): Promise<Record<string, unknown> | undefined> {
  const text = await readFile(path.join(root, '.next', 'required-server-files.json'), 'utf8').catch(() => undefined);
  if (!text) return undefined;
  const { config } = JSON.parse(text) as { config: Record<string, unknown> & { experimental?: Record<string, unknown> } };
  // Each route's modules load on its first request instead of all at start: the idle server holds
  // only what has been asked for (docs/benchmarks.md, "Memory and start"). Set here, at run time,
  // rather than in next.config.ts, so that `next build` does not list it among "Experiments".
  return { ...config, experimental: { ...config.experimental, preloadEntriesOnStart: false } };
}
