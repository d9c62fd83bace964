/**
 * `npm test`: the type check, the lint, the unit suite and the browser suite. Three lanes run at the
 * same time:
 *   - the unit suite, whose files wait now and then (job polls, timers, HTTP) between bursts of CPU;
 *   - the portal build (a no-op when `npm install` built it and no source changed since), then the
 *     type check, which reads the build's route types (.next/types) and so must follow it;
 *   - the lint.
 * The build, tsc and ESLint fill the moments the unit suite leaves a core idle, instead of running
 * before it.
 *
 * The browser suite starts as soon as the build is done, but only its start runs beside the others:
 * the server (embedded PostgreSQL, migrations, Next), the compiled CLI and the global setup's
 * merchants. Its global setup then waits at a gate (COLLECT_E2E_GATE, a file this script creates
 * once the three lanes are over) before the first test. The tests themselves run alone, because
 * their timings (access tokens of 8 s, prompts that time out, 10-second waits) are the ones a
 * machine loaded by the unit suite upsets, and the unit suite's own bounds ("within 10 s", 2.5-second
 * answers) the ones a browser suite beside it would upset. docs/testing.md, "npm test".
 *
 * Every step runs to its end even when another failed, so that one run shows every failure; the
 * exit code is 1 when any failed. Each step prints how long it took. The output of the other lanes
 * is held until each step ends (the browser suite's until the gate opens), so that it does not
 * interleave with the unit suite's.
 *
 * Plain JavaScript on purpose: it runs before anything is compiled.
 */
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Runs `npm run <script>`. `buffered` keeps its output until it ends; `holdUntil` (a promise) keeps
 * it only until that settles, then streams it. Resolves to whether it passed.
 */
function run(script, { buffered = false, holdUntil, env } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const piped = buffered || holdUntil !== undefined;
    const child = spawn(npm, ['run', '--silent', script], { stdio: piped ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    let output = [];
    let streaming = false;
    if (piped) {
      const take = (chunk) => (streaming ? process.stdout.write(chunk) : output.push(chunk));
      child.stdout.on('data', take);
      child.stderr.on('data', take);
    }
    holdUntil?.then(() => {
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      output = [];
      streaming = true;
    });
    child.on('close', (code, signal) => {
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const passed = code === 0;
      console.log(`\n[npm test] ${script}: ${passed ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      resolve(passed);
    });
  });
}

const started = Date.now();
const gate = path.join(os.tmpdir(), `collect-e2e-gate-${process.pid}`);
rmSync(gate, { force: true });

const unit = run('test:unit');
const lint = run('lint', { buffered: true });
const built = run('test:build', { buffered: true });
const typecheck = built.then(() => run('typecheck', { buffered: true }));
const lanes = Promise.all([unit, typecheck, lint]);
const gateOpen = lanes.then(() => {
  writeFileSync(gate, 'the other lanes are over\n');
  console.log(`[npm test] test:e2e: tests start (${((Date.now() - started) / 1000).toFixed(1)} s after npm test began)\n`);
});
// After the build whether it passed or not, as before: a failed build fails the server's start too,
// and the browser suite's report says so.
const browser = built.then(() => run('test:e2e', { holdUntil: gateOpen, env: { COLLECT_E2E_GATE: gate } }));

const passed = [await unit, await built, await typecheck, await lint, await browser].every(Boolean);
rmSync(gate, { force: true });
console.log(`[npm test] ${passed ? 'all passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(passed ? 0 : 1);
