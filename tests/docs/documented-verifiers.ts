import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NODE_VERIFY, PYTHON_VERIFY } from '@/lib/portal/api-reference/guides/verify-webhook';
import type { ReceivedWebhook } from '../support/webhook-receiver';

export type Verdict = { ok: true; event: { id: string; type: string; data: Record<string, unknown> } } | { ok: false; error: string };

/** Small harnesses that hand a received request to the documented function, as a receiver would. */
const NODE_HARNESS = `import { verifyWebhook } from './verify-webhook.mjs';
const input = JSON.parse(await new Response(process.stdin).text());
try {
  console.log(JSON.stringify({ ok: true, event: verifyWebhook(input.secret, input.headers, Buffer.from(input.body, 'base64')) }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, error: error.message }));
}
`;

const PYTHON_HARNESS = `import base64, json, sys
from verify_webhook import verify_webhook

given = json.load(sys.stdin)
try:
    print(json.dumps({"ok": True, "event": verify_webhook(given["secret"], given["headers"], base64.b64decode(given["body"]))}))
except ValueError as error:
    print(json.dumps({"ok": False, "error": str(error)}))
`;

/** The guide's Node and Python code written to files, exactly as shown, beside their harnesses. */
export async function writeDocumentedVerifiers(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'collect-docs-verify-'));
  await writeFile(path.join(folder, 'verify-webhook.mjs'), NODE_VERIFY);
  await writeFile(path.join(folder, 'harness.mjs'), NODE_HARNESS);
  await writeFile(path.join(folder, 'verify_webhook.py'), PYTHON_VERIFY);
  await writeFile(path.join(folder, 'harness.py'), PYTHON_HARNESS);
  return folder;
}

function run(program: string, args: string[], cwd: string, input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PYTHONNOUSERSITE: '1' } as unknown as NodeJS.ProcessEnv });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out).toString('utf8')) : reject(new Error(`${program} exited ${code}: ${Buffer.concat(err).toString('utf8')}`))));
    child.stdin.end(input);
  });
}

export async function verifyWith(language: 'node' | 'python', folder: string, secret: string, request: Pick<ReceivedWebhook, 'headers' | 'body'>): Promise<Verdict> {
  const input = JSON.stringify({ secret, headers: request.headers, body: Buffer.from(request.body, 'utf8').toString('base64') });
  // python3 -S: no site-packages, so the guide's code can import nothing but the standard library.
  const output = language === 'node' ? await run(process.execPath, ['harness.mjs'], folder, input) : await run('python3', ['-S', 'harness.py'], folder, input);
  return JSON.parse(output) as Verdict;
}
