/**
 * Compiles server.ts and everything it imports from this project into dist/server.mjs (esbuild, a
 * few seconds), so that `npm start` runs plain node: no compiler loaded at start or kept running
 * (tsx keeps an esbuild process alive, about 30 MiB). Packages stay in node_modules (not bundled).
 *
 * Run by `prestart` and `postinstall`. Cheap when nothing changed: the inputs of the last build
 * (esbuild's metafile) are compared by size and modification time, and the build is skipped.
 * Plain JavaScript on purpose: it runs before anything is compiled.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, 'dist', 'server.mjs');
const stampFile = path.join(root, 'dist', 'server.inputs.json');

/** Each input's size and mtime, or null when one is gone (a rename: build again). */
function stampOf(inputs) {
  const stamp = {};
  for (const input of inputs) {
    const file = path.join(root, input);
    if (!existsSync(file)) return null;
    const info = statSync(file);
    stamp[input] = `${info.size}:${info.mtimeMs}`;
  }
  return stamp;
}

function upToDate() {
  if (!existsSync(outfile) || !existsSync(stampFile)) return false;
  try {
    const previous = JSON.parse(readFileSync(stampFile, 'utf8'));
    const now = stampOf(Object.keys(previous));
    return now !== null && Object.entries(previous).every(([input, value]) => now[input] === value);
  } catch {
    return false;
  }
}

if (upToDate() && !process.argv.includes('--force')) process.exit(0);

const { build } = await import('esbuild');
const started = Date.now();
const result = await build({
  entryPoints: [path.join(root, 'server.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external', // node_modules are loaded as they are, by node
  tsconfig: path.join(root, 'tsconfig.json'), // the @/ paths
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  banner: { js: '// Built by scripts/build-server.mjs from server.ts: edit the sources, not this file.' },
});
const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith('node_modules/'));
writeFileSync(stampFile, JSON.stringify(stampOf(inputs), null, 0));
console.log(`Compiled server.ts and ${inputs.length - 1} modules into dist/server.mjs in ${Date.now() - started} ms.`);
