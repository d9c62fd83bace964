import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, in the ground floor so that any domain counts what it does
 * without importing lib/operations (which serves them at /metrics). One registry per process:
 * Next's bundles load this module a second time, and a second registry would count apart.
 */
interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  paymentsIngested: Counter<'rail' | 'outcome'>;
  paymentBatchSize: Histogram;
  webhookDeliveries: Counter<'outcome'>;
  webhookDuration: Histogram<'outcome'>;
  postgresRestarts: Counter;
  standbyReads: Counter<'server' | 'reason'>;
}

function createMetrics(): Metrics {
  const registry = new Registry();
  // Process memory, CPU, event-loop lag, heap: what an operator looks at first.
  collectDefaultMetrics({ register: registry, prefix: 'collect_' });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'collect_http_requests_total',
      help: 'API requests answered, by method, route pattern (never the raw path) and status.',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'collect_http_request_duration_seconds',
      help: 'API request latency, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    paymentsIngested: new Counter({
      name: 'collect_payments_ingested_total',
      help: "Rail payments taken in, by rail and outcome: recorded, duplicate (a redelivery, not counted twice), suspense, rejected.",
      labelNames: ['rail', 'outcome'] as const,
      registers,
    }),
    paymentBatchSize: new Histogram({
      name: 'collect_payment_batch_size',
      help: 'Payments written per group-commit batch (lib/payments/batcher.ts).',
      buckets: [1, 2, 5, 10, 20, 50, 100, 200],
      registers,
    }),
    webhookDeliveries: new Counter({
      name: 'collect_webhook_attempts_total',
      help: 'Webhook delivery attempts, by outcome: delivered, retry, give_up, endpoint_gone (deferred and skipped send nothing).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    webhookDuration: new Histogram({
      name: 'collect_webhook_attempt_duration_seconds',
      help: 'Time from sending a webhook to its answer (or failure), by outcome.',
      labelNames: ['outcome'] as const,
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
      registers,
    }),
    postgresRestarts: new Counter({
      name: 'collect_embedded_postgres_restarts_total',
      help: 'Times the embedded PostgreSQL exited unexpectedly and was started again by this process.',
      registers,
    }),
    standbyReads: new Counter({
      name: 'collect_standby_reads_total',
      help: 'Requests whose reads may use the standby (DATABASE_READ_URL), by the server that served them and why: standby; primary for read_your_writes, lagging, standby_down; standby_failed counts statements run again on the primary (lib/platform/db/read-pool.ts).',
      labelNames: ['server', 'reason'] as const,
      registers,
    }),
  };
}

const shared = globalThis as unknown as { __collectMetrics?: Metrics };

export function metrics(): Metrics {
  shared.__collectMetrics ??= createMetrics();
  return shared.__collectMetrics;
}

/** What a rail payment came to, as counted: a duplicate is a redelivery of one recorded (or held) before. */
export function countIngested(rail: string, result: { outcome: 'recorded' | 'suspense' | 'rejected'; duplicate?: boolean }): void {
  metrics().paymentsIngested.inc({ rail, outcome: result.duplicate ? 'duplicate' : result.outcome });
}

/** The labels of one series of the API's request metrics. */
export interface RequestLabels {
  method: string;
  route: string;
  status: string;
}

/** prom-client's own record of one series (lib/counter.js, lib/histogram.js in prom-client 15). */
interface CounterEntry {
  value: number;
}
interface HistogramEntry {
  sum: number;
  count: number;
  bucketValues: Record<number, number>;
}
interface Series<Entry> {
  hashMap: Record<string, Entry & { labels: object }>;
  upperBounds?: number[];
}

/**
 * One series of the request counter and latency histogram, recorded straight into prom-client's own
 * record of it. prom-client's `inc`/`observe` (and its `labels()` children, which only bind the
 * labels) hash and validate the label values on every call: 4–6 µs of every API request (issue 24).
 * Here the first request of a series goes through prom-client's public calls, which create its
 * records; later ones add to those records exactly as `inc` and `observe` would. If the metrics
 * are reset (a new record table), the next request starts again through the public calls. What
 * /metrics serves is prom-client's own output, unchanged (tests/api/request-metrics.test.ts).
 */
export class RequestSeries {
  private counted?: { table: object; entry: CounterEntry };
  private timed?: { table: object; entry: HistogramEntry; upperBounds: number[] };

  constructor(readonly labels: RequestLabels) {}

  /** One answered request, and how long it took. */
  record(seconds: number): void {
    const { httpRequests, httpDuration } = metrics();
    const counter = httpRequests as unknown as Series<CounterEntry>;
    const histogram = httpDuration as unknown as Series<HistogramEntry>;
    if (this.counted?.table === counter.hashMap && this.timed?.table === histogram.hashMap) {
      this.counted.entry.value += 1;
      const timed = this.timed.entry;
      timed.sum += seconds;
      timed.count += 1;
      const { upperBounds } = this.timed;
      for (let index = 0; index < upperBounds.length; index += 1) {
        if (seconds <= upperBounds[index]!) {
          timed.bucketValues[upperBounds[index]!]! += 1;
          break;
        }
      }
      return;
    }
    httpRequests.inc(this.labels);
    httpDuration.observe(this.labels, seconds);
    this.counted = adopt(counter, this.labels);
    const timed = adopt(histogram, this.labels);
    this.timed = timed && histogram.upperBounds ? { ...timed, upperBounds: histogram.upperBounds } : undefined;
  }
}

/** prom-client's record of the series with these labels (its only label names are these three). */
function adopt<Entry>(series: Series<Entry>, labels: RequestLabels): { table: object; entry: Entry } | undefined {
  const same = (other: Partial<RequestLabels>) => other.method === labels.method && other.route === labels.route && other.status === labels.status;
  const entry = Object.values(series.hashMap).find((candidate) => same(candidate.labels));
  return entry ? { table: series.hashMap, entry } : undefined;
}
