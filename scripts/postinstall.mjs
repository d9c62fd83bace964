/**
 * After `npm install`: compile the server (dist/server.mjs) and build the portal (.next), so that
 * the first `npm start` serves within seconds instead of building for a minute. Never fails the
 * install: whatever could not be built here is built by `npm start` (prestart, then
 * ensurePortalBuild), which reports the error where it matters. COLLECT_SKIP_BUILD=1 skips it
 * (an install that will never start the server, or a build made elsewhere).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// As a dependency of something else, or before the sources are there (a Docker layer of package files only).
if (process.env.COLLECT_SKIP_BUILD === '1' || !existsSync(path.join(root, 'server.ts'))) process.exit(0);

const step = (what, args) => {
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? '1' } });
  if (result.status === 0) console.log(`collect: ${what} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  else console.warn(`collect: ${what} could not be built now (exit ${result.status}); npm start will try again.`);
  return result.status === 0;
};

if (step('the compiled server', ['scripts/build-server.mjs'])) step('the portal', ['dist/server.mjs', '--build-portal']);
