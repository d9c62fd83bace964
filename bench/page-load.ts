import autocannon from 'autocannon';
import { DURATION_SECONDS } from './load';

/** One page under load: the figures the portal targets are set in (p95 beside p50 and p99). */
export interface PageFigures {
  name: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Requests with no answer within autocannon's 10 s (at 50 connections a page can queue that long). */
  timeouts: number;
}

/**
 * Runs autocannon and keeps every response time: its own summary has p90 and p97.5 but no p95, the
 * portal's target. Response time on loopback is the server's time plus a few tenths of a
 * millisecond (the whole HTML, streamed, is read before the clock stops).
 */
function run(options: autocannon.Options): Promise<{ result: autocannon.Result; times: number[] }> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result) => (error ? reject(error) : resolve({ result, times })));
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;

/** GET load on one signed-in page: a 2 s warm-up, then BENCH_SECONDS measured. */
export async function loadPage(name: string, url: string, cookie: string, connections: number): Promise<PageFigures> {
  const options = { url, connections, headers: { cookie } };
  await run({ ...options, duration: 2 });
  const { result, times } = await run({ ...options, duration: DURATION_SECONDS });
  // A redirect to /login or an error page measures nothing: stop rather than print it. Timeouts are
  // counted and shown instead: they are what a saturated server does, not a broken page.
  if (result.non2xx > 0 || result.errors > result.timeouts) throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors out of ${result.requests.total}`);
  const sorted = times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    name,
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
    timeouts: result.timeouts,
  };
}
