/**
 * `npm test`: the type check, the lint, the unit suite and the browser suite. Three lanes run at the
 * same time, then the browser suite alone:
 *   - the unit suite, whose files wait now and then (job polls, timers, HTTP) between bursts of CPU;
 *   - the portal build (a no-op when `npm install` built it and no source changed since), then the
 *     type check, which reads the build's route types (.next/types) and so must follow it;
 *   - the lint.
 * The build, tsc and ESLint fill the moments the unit suite leaves a core idle, instead of running
 * before it. The browser suite runs last, alone, because its timings (access
 * tokens of 8 s, prompts that time out) are the ones a loaded machine upsets. docs/testing.md.
 *
 * Every step runs to its end even when another failed, so that one run shows every failure; the
 * exit code is 1 when any failed. Each step prints how long it took. The output of the other lanes
 * is held until each step ends, so that it does not interleave with the unit suite's.
 *
 * Plain JavaScript on purpose: it runs before anything is compiled.
 */
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`; `buffered` keeps its output until it ends. Resolves to whether it passed. */
function run(script, { buffered }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code, signal) => {
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const passed = code === 0;
      console.log(`\n[npm test] ${script}: ${passed ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s\n`);
      resolve(passed);
    });
  });
}

/** Runs the steps one after another (each even when the one before failed); passes when all passed. */
async function lane(scripts, options) {
  let passed = true;
  for (const script of scripts) passed = (await run(script, options)) && passed;
  return passed;
}

const started = Date.now();
const together = await Promise.all([
  lane(['test:unit'], { buffered: false }),
  lane(['test:build', 'typecheck'], { buffered: true }),
  lane(['lint'], { buffered: true }),
]);
// The browser suite waits for all three lanes, the unit suite's tail included. Starting it as soon as
// the build lane ends (beside the rest of the unit suite) is left for now; change it only together
// with the owner of playwright.config.ts and e2e/**. Why: both suites are CPU-bound on two cores, so
// side by side they add up rather than overlap, and each has time bounds a starved process misses
// (the browser suite's 8-second access tokens and 10-second waits; the unit suite's "within 10 s"
// backlog and 2.5-second freeze answers). The unit suite's tail is short: on a fresh clone Vitest
// runs the largest files first, which with the measured file times comes within 1 % of the best
// order. Move it only with a quiet fresh-clone run that shows both green that way. docs/testing.md.
const browser = await run('test:e2e', { buffered: false });
const passed = together.every(Boolean) && browser;
console.log(`[npm test] ${passed ? 'all passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(passed ? 0 : 1);
