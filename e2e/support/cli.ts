import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { serverEnvironment } from './environment';

const run = promisify(execFile);
const cliArguments = (args: string[]) => ['--import', 'tsx', 'scripts/cli.ts', ...args];

/** Runs the operator CLI against the test server's database; it prints its JSON answer alone on standard output. */
export function cli(...args: string[]): Record<string, unknown> {
  const output = execFileSync(process.execPath, cliArguments(args), {
    env: { ...process.env, ...serverEnvironment },
    encoding: 'utf8',
  });
  return JSON.parse(output) as Record<string, unknown>;
}

/** The same, for the commands that make a user: the password goes in COLLECT_PASSWORD, never on the command line. */
export function cliWithPassword(password: string, ...args: string[]): Record<string, unknown> {
  const output = execFileSync(process.execPath, cliArguments(args), {
    env: { ...process.env, ...serverEnvironment, COLLECT_PASSWORD: password },
    encoding: 'utf8',
  });
  return JSON.parse(output) as Record<string, unknown>;
}

/**
 * `cli` without blocking, so that the global setup runs its commands side by side: each one
 * starts Node and compiles the CLI (seconds on a loaded machine), most of it waiting.
 */
export async function cliInBackground(args: string[], password?: string): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, cliArguments(args), {
    env: { ...process.env, ...serverEnvironment, ...(password === undefined ? {} : { COLLECT_PASSWORD: password }) },
    encoding: 'utf8',
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}
