import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { generatedCases, malformedCases, type CaseSettings } from './cases';
import { operationName, operationsOf, resolverFor, type OpenApiDocument, type Operation } from './operations';
import { FailureReport } from './report';
import { describeRequest, send, type FuzzRequest } from './requests';
import { ResponseChecker } from './response-check';
import { buildWorld } from './world';

/**
 * Fuzzes every operation of the service's own OpenAPI document: requests generated from its
 * schemas (valid values that reach the handlers, hostile ones that try validation) plus
 * deliberately malformed ones. Every answer must be below 500, documented, match its schema and
 * carry the headers every API answer owes (response-check.ts).
 *
 * Reproducible: FUZZ_SEED picks another seed; FUZZ_CASES the generated cases per operation.
 * FUZZ_REPORT=<file> also writes the grouped findings there; FUZZ_TRACE=<file> every request and answer
 * (and <file>.failures.jsonl each failing request in full).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const GENERATED_PER_OPERATION = Number(process.env.FUZZ_CASES ?? 100);
const CONCURRENCY = 4;
const SECRETS = { mpesa: 'fuzz-mpesa-callback-secret-0123456789', bank: 'fuzz-bank-webhook-secret-0123456789abcdef' };

const api = useTestApi({ SANDBOX: 'true', MPESA_CALLBACK_SECRET: SECRETS.mpesa, BANK_WEBHOOK_SECRET: SECRETS.bank });

/** Fields whose real value makes a duplicate (a bill reference, a receipt): reused now and then, not always. */
const DUPLICATING_FIELDS = new Set(['paymentReference', 'providerReference', 'externalRef', 'bankReference', 'TransID', 'CheckoutRequestID']);

/** Calls that end a session or close a record run last, so the others still reach live rows. */
const runsLast = (operation: Operation) => /\/(auth\/refresh|auth\/logout|cancel|deactivate)$/.test(operation.path);

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

async function servedDocument(): Promise<OpenApiDocument> {
  const served = await api.request('GET', '/openapi.json');
  expect(served.status, 'GET /api/v1/openapi.json').toBe(200);
  return (await served.json()) as OpenApiDocument;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('checks answers strictly: a 5xx, an undocumented status, a wrong content type, body or header each fail', async () => {
    const document = await servedDocument();
    const checker = new ResponseChecker(document);
    const me = operationsOf(document).find((operation) => operation.method === 'get' && operation.path === '/api/v1/merchants/me')!;
    const problem = JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Sign in.', code: 'unauthorized' });
    const headers = (contentType: string, more: Record<string, string> = {}) => new Headers({ 'content-type': contentType, 'x-content-type-options': 'nosniff', ...more });
    expect(checker.check(me, 401, headers('application/problem+json'), problem)).toEqual([]);
    expect(checker.check(me, 503, headers('application/problem+json'), problem)).toEqual(['answers 503 unauthorized']);
    expect(checker.check(me, 418, headers('application/problem+json'), problem)).toEqual(['answers undocumented status 418 unauthorized']);
    expect(checker.check(me, 401, headers('text/html'), problem)).toHaveLength(1);
    expect(checker.check(me, 401, headers('application/problem+json'), '{"title":"x"}')[0]).toMatch(/^status 401 body \/ must have required property/);
    expect(checker.check(me, 200, headers('application/json'), '{}')[0]).toMatch(/must have required property/);
    expect(checker.check(me, 401, new Headers({ 'content-type': 'application/problem+json' }), problem)).toEqual(['answers without X-Content-Type-Options: nosniff']);
    const login = operationsOf(document).find((operation) => operation.path === '/api/v1/auth/login')!;
    const pair = JSON.stringify({ accessToken: 'v4.public.x', refreshToken: 'rt_x', tokenType: 'Bearer', expiresIn: 900, refreshExpiresIn: 604800 });
    expect(checker.check(login, 200, headers('application/json'), pair)).toEqual(['status 200 carries a token or secret without Cache-Control: no-store']);
    expect(checker.check(login, 200, headers('application/json', { 'cache-control': 'no-store' }), pair)).toEqual([]);
  });

  it('answers every generated and malformed request below 500, with a documented status, body and headers', { timeout: 600_000 }, async () => {
    const document = await servedDocument();
    const operations = operationsOf(document).sort((a, b) => Number(runsLast(a)) - Number(runsLast(b)));
    expect(operations.length).toBeGreaterThan(40);

    const world = await buildWorld(api);
    const report = new FailureReport();
    for (const problem of world.setupProblems) report.add('setup', problem);
    const checker = new ResponseChecker(document);
    const settings: CaseSettings = {
      world,
      secrets: SECRETS,
      schemas: { resolve: resolverFor(document), known: (name) => world.known.get(name) ?? [], makesDuplicate: (name) => DUPLICATING_FIELDS.has(name) },
      seed: SEED,
      generated: GENERATED_PER_OPERATION,
    };
    const statuses = new Map<string, Map<number, number>>();
    const trace = process.env.FUZZ_TRACE ? ([] as string[]) : undefined;
    const failing = process.env.FUZZ_TRACE ? ([] as string[]) : undefined;

    for (const [index, operation] of operations.entries()) {
      const name = operationName(operation);
      const cases = [...generatedCases(operation, settings, index), ...malformedCases(operation, settings)];
      const seen = new Map<number, number>();
      statuses.set(name, seen);
      await inParallel(cases, CONCURRENCY, async (first) => {
        for (let request: FuzzRequest | undefined = first; request; request = request.followUp) {
          report.cases++;
          try {
            const answer = await send(api.baseUrl, request);
            seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
            const causes = checker.check(operation, answer.status, answer.headers, answer.body);
            for (const cause of causes) report.add(name, cause, request);
            if (causes.length && failing) failing.push(JSON.stringify({ causes, request: { ...request, body: typeof request.body === 'string' ? request.body : null }, answer: answer.body.slice(0, 2000) }));
            trace?.push(`${answer.status} ${request.label}: ${describeRequest(request).slice(0, 400)}\n    → ${answer.body.slice(0, 300)}`);
          } catch (error) {
            report.add(name, `no answer: ${(error as Error).message}`, request);
          }
        }
      });
    }

    const coverage = [...statuses].map(([name, seen]) => `${name}: ${[...seen].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ')}`);
    const summary = `seed ${SEED}: ${operations.length} operations, ${report.cases} cases\n${report}\n\nstatuses per operation:\n${coverage.join('\n')}`;
    if (process.env.FUZZ_REPORT) await writeFile(process.env.FUZZ_REPORT, summary);
    if (trace) await writeFile(process.env.FUZZ_TRACE!, trace.join('\n'));
    if (failing) await writeFile(`${process.env.FUZZ_TRACE}.failures.jsonl`, failing.join('\n'));
    console.info(`API fuzz: seed ${SEED}, ${operations.length} operations, ${report.cases} cases, ${report.failures} failing responses in ${report.size} groups`);
    expect(report.failures, summary).toBe(0);
  });
});
