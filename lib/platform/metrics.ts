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
