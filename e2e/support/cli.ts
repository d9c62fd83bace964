import { execFileSync } from 'node:child_process';
import { serverEnvironment } from './environment';

/** Runs the operator CLI against the test server's database; it prints its JSON answer alone on standard output. */
export function cli(...args: string[]): Record<string, unknown> {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', ...args], {
    env: { ...process.env, ...serverEnvironment },
    encoding: 'utf8',
  });
  return JSON.parse(output) as Record<string, unknown>;
}

/** The same, for the commands that make a user: the password goes in COLLECT_PASSWORD, never on the command line. */
export function cliWithPassword(password: string, ...args: string[]): Record<string, unknown> {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', ...args], {
    env: { ...process.env, ...serverEnvironment, COLLECT_PASSWORD: password },
    encoding: 'utf8',
  });
  return JSON.parse(output) as Record<string, unknown>;
}
