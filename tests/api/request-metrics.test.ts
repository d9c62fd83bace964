import { randomUUID } from 'node:crypto';
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { metrics, RequestSeries } from '@/lib/platform/metrics';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What prom-client itself would serve after inc/observe of the same requests. */
function reference(labels: Record<string, string>, durations: number[]) {
  const registers = [new Registry()];
  const labelNames = ['method', 'route', 'status'] as const;
  const counter = new Counter({ name: 'reference_requests_total', help: 'reference', labelNames, registers });
  const histogram = new Histogram({ name: 'reference_duration_seconds', help: 'reference', labelNames, buckets: BUCKETS, registers });
  for (const seconds of durations) {
    counter.inc(labels);
    histogram.observe(labels, seconds);
  }
  return { counter, histogram };
}

/** The values of one series, named without the metric's own name, so two metrics compare. */
async function valuesOf(metric: Counter | Histogram, route: string) {
  const { values } = await metric.get();
  return values
    .filter((value) => value.labels.route === route)
    .map((value) => ({ suffix: ((value as { metricName?: string }).metricName ?? '').replace(/^.*_(bucket|sum|count)$/, '$1'), labels: value.labels, value: value.value }));
}

describe('request metrics', () => {
  it('serve the same counts, buckets and sums as prom-client would for the same requests', async () => {
    const route = `/api/v1/test/${randomUUID()}`;
    const labels = { method: 'GET', route, status: '200' };
    const durations = [0.001, 0.004, 0.005, 0.0051, 0.02, 0.3, 0.3, 7, 12.5, 0];
    const series = new RequestSeries(labels);
    for (const seconds of durations) series.record(seconds);

    const expected = reference(labels, durations);
    expect(await valuesOf(metrics().httpRequests, route)).toEqual(await valuesOf(expected.counter, route));
    expect(await valuesOf(metrics().httpDuration, route)).toEqual(await valuesOf(expected.histogram, route));
    const text = await metrics().registry.getSingleMetricAsString('collect_http_request_duration_seconds');
    expect(text).toContain(`collect_http_request_duration_seconds_count{method="GET",route="${route}",status="200"} 10`);
    expect(text).toContain(`collect_http_request_duration_seconds_bucket{le="0.005",method="GET",route="${route}",status="200"} 4`);
  });

  it('keep one series for two recorders of the same labels', async () => {
    const route = `/api/v1/test/${randomUUID()}`;
    const first = new RequestSeries({ method: 'POST', route, status: '201' });
    const second = new RequestSeries({ method: 'POST', route, status: '201' });
    for (let index = 0; index < 3; index += 1) {
      first.record(0.002);
      second.record(0.2);
    }
    const counted = await valuesOf(metrics().httpRequests, route);
    expect(counted).toEqual([{ suffix: '', labels: { method: 'POST', route, status: '201' }, value: 6 }]);
    const sums = (await valuesOf(metrics().httpDuration, route)).filter((value) => value.suffix === 'sum');
    expect(sums[0]!.value).toBeCloseTo(0.606, 10);
  });

  it('count from zero again after the metrics are reset', async () => {
    const route = `/api/v1/test/${randomUUID()}`;
    const series = new RequestSeries({ method: 'GET', route, status: '404' });
    series.record(0.01);
    series.record(0.01);
    metrics().httpRequests.reset();
    metrics().httpDuration.reset();
    series.record(0.03);
    expect((await valuesOf(metrics().httpRequests, route)).map((value) => value.value)).toEqual([1]);
    const counts = (await valuesOf(metrics().httpDuration, route)).filter((value) => value.suffix === 'count');
    expect(counts.map((value) => value.value)).toEqual([1]);
  });
});
