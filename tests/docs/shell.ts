import { spawn } from 'node:child_process';

export interface ShellAnswer {
  status: number;
  body: string;
  json: unknown;
  stderr: string;
}

const STATUS_MARK = '\n__collect_docs_status__';

/**
 * Runs a command exactly as /docs shows it, in bash, with the reader's variables set. `curl` is
 * wrapped only to append the status code after the body (the shown command prints the body alone).
 */
export function runAsShown(command: string, variables: Record<string, string>): Promise<ShellAnswer> {
  const script = `set -e\ncurl() { command curl -w '${STATUS_MARK.replace('\n', '\\n')}%{http_code}' "$@"; }\n${command}\n`;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...variables } as unknown as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const text = Buffer.concat(out).toString('utf8');
      const at = text.lastIndexOf(STATUS_MARK);
      const stderr = Buffer.concat(err).toString('utf8');
      if (at < 0) return reject(new Error(`no answer (exit ${code}): ${stderr}\n${command}`));
      const body = text.slice(0, at);
      let json: unknown;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      resolve({ status: Number(text.slice(at + STATUS_MARK.length)), body, json, stderr });
    });
  });
}

/** What a JSON value looks like, without its values: the keys of objects and the kinds of leaves. */
export type Shape = string | Shape[] | { [key: string]: Shape };

export function shapeOf(value: unknown, depth = 0): Shape {
  if (value === null) return 'null';
  if (Array.isArray(value)) return depth >= 3 || value.length === 0 ? [] : [shapeOf(value[0], depth + 1)];
  if (typeof value === 'object') {
    if (depth >= 3) return 'object';
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, shapeOf(item, depth + 1)]));
  }
  return typeof value;
}

/**
 * Where an answer's shape departs from the shown example's: a key the example does not show, or a
 * leaf of another kind (a field the example shows may be left out: optional ones are). A null on either side matches anything (a field that is empty in one of them),
 * and an empty list matches any list.
 */
export function shapeDifferences(actual: Shape, shown: Shape, path = '$'): string[] {
  if (actual === 'null' || shown === 'null') return [];
  if (Array.isArray(actual) || Array.isArray(shown)) {
    if (!Array.isArray(actual) || !Array.isArray(shown)) return [`${path}: ${JSON.stringify(actual)} where the example has ${JSON.stringify(shown)}`];
    if (actual.length === 0 || shown.length === 0) return [];
    return shapeDifferences(actual[0]!, shown[0]!, `${path}[0]`);
  }
  if (typeof actual === 'object' || typeof shown === 'object') {
    if (typeof actual !== 'object' || typeof shown !== 'object') return [`${path}: ${JSON.stringify(actual)} where the example has ${JSON.stringify(shown)}`];
    if (Object.keys(shown).length === 0) return []; // a free-form object (an event's data): any keys
    const keys = new Set([...Object.keys(actual), ...Object.keys(shown)]);
    return [...keys].flatMap((key) => {
      if (!(key in shown)) return [`${path}.${key}: answered but not in the example`];
      if (!(key in actual)) return []; // an optional field this answer leaves out
      return shapeDifferences(actual[key]!, shown[key]!, `${path}.${key}`);
    });
  }
  return actual === shown ? [] : [`${path}: a ${actual} where the example has a ${shown}`];
}
