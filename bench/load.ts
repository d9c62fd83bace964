import autocannon from 'autocannon';

export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  /** 2xx answers in the warm-up and the measured run together. */
  answered: number;
}

type Options = autocannon.Options;

async function measure(name: string, given: Options): Promise<Figures> {
  const options = { ...given, connections: given.connections ?? CONNECTIONS };
  // A short warm-up fills caches and JIT-compiles the server first.
  const warmUp = await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  // Figures of failing requests measure nothing: stop rather than print them.
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors out of ${result.requests.total}`);
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    total: result.requests.total,
    answered: warmUp['2xx'] + result['2xx'],
  };
}

/** GET load on one URL. */
export const load = (name: string, url: string, headers: Record<string, string> = {}, connections?: number) => measure(name, { url, headers, connections });

/** POST load where every request carries a fresh body (unique references, as real traffic has). */
export const loadPosts = (name: string, url: string, body: () => string, headers: Record<string, string> = {}, connections?: number) =>
  measure(name, {
    url,
    connections,
    requests: [{ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, setupRequest: (request) => ({ ...request, body: body() }) }],
  });

export function table(title: string, rows: Figures[]): string {
  return [
    `\n### ${title}\n`,
    '| scenario | requests/s | p50 ms | p99 ms | errors | non-2xx |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row.name} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} |`),
  ].join('\n');
}

/** GET load where every request asks for another path (a search term, an id), as real traffic does. */
export const loadPaths = (name: string, origin: string, path: () => string, headers: Record<string, string> = {}, connections?: number) =>
  measure(name, { url: origin, connections, requests: [{ method: 'GET', headers, setupRequest: (request) => ({ ...request, path: path() }) }] });
