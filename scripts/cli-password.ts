/**
 * Where the operator CLI takes a new user's password from, so that it never sits on the command
 * line (where `ps`, other users of the machine and the shell's history see it):
 *   1. COLLECT_PASSWORD in the environment, for scripts (`COLLECT_PASSWORD=… npm run cli -- …`);
 *   2. else standard input: its first line when piped (`printf '%s\n' "$PASSWORD" | npm run cli -- …`),
 *      or typed at a prompt that does not echo it.
 * `--password P` still works, for old scripts, with a warning: it is the discouraged way.
 */
export const PASSWORD_VARIABLE = 'COLLECT_PASSWORD';

export const DISCOURAGED_FLAG_WARNING =
  `warning: --password puts the password where other users of this machine and your shell history can read it; ` +
  `pipe it on standard input or set ${PASSWORD_VARIABLE} instead (README, "Operator commands").\n`;

async function firstLineOfStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if ((chunk as Buffer).includes(0x0a)) break; // the first line is enough; no need to wait for EOF
  }
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

/** Asks on the terminal with echo off: each key is read raw and nothing is written back. */
function typedAtPrompt(question: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = () => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          finish();
          resolve(typed);
          return;
        }
        if (character === '\u0003' || character === '\u0004') {
          finish();
          reject(new Error('No password typed.'));
          return;
        }
        typed = character === '\u007f' || character === '\b' ? typed.slice(0, -1) : typed + character;
      }
    };
    input.on('data', onData);
  });
}

/** The password from the flag (warned), the environment, or standard input, in that order. */
export async function readPassword(flag: string | undefined, environment: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (flag !== undefined) {
    process.stderr.write(DISCOURAGED_FLAG_WARNING);
    return flag;
  }
  const fromEnvironment = environment[PASSWORD_VARIABLE];
  if (fromEnvironment !== undefined && fromEnvironment !== '') return fromEnvironment;
  return process.stdin.isTTY ? typedAtPrompt('Password for the new user (not shown): ') : firstLineOfStandardInput();
}
