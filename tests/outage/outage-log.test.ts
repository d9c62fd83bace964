import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logOutage, OUTAGE_LOG_INTERVAL_MS } from '@/lib/platform/logger';

interface Line {
  msg: string;
  route: string;
  count: number;
}
const lines: Line[] = [];

beforeAll(() => {
  (globalThis as { __collectLogger?: unknown }).__collectLogger = pino({ level: 'info', base: undefined }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) });
});
afterAll(() => {
  delete (globalThis as { __collectLogger?: unknown }).__collectLogger;
});
afterEach(() => {
  vi.useRealTimers();
  lines.length = 0;
});

const failures = (route: string, times: number) => {
  for (let n = 0; n < times; n += 1) logOutage(route, { requestId: `r${n}` }, 'database unavailable');
};

describe('an outage\'s log lines', () => {
  it('are one per route per 10 s, the first at once, and say how many requests failed', () => {
    vi.useFakeTimers();
    failures('POST /bank', 500);
    failures('GET /payments', 3);
    expect(lines.map(({ route, count }) => ({ route, count }))).toEqual([
      { route: 'POST /bank', count: 1 },
      { route: 'GET /payments', count: 1 },
    ]);

    failures('POST /bank', 200);
    vi.advanceTimersByTime(OUTAGE_LOG_INTERVAL_MS);
    expect(lines.slice(2).map(({ route, count }) => ({ route, count }))).toEqual([
      { route: 'POST /bank', count: 699 },
      { route: 'GET /payments', count: 2 },
    ]);
    expect(lines[2]!.msg).toBe('database unavailable (699 in the last 10 s)');

    // A quiet interval ends the outage's window: nothing more is logged, and the next failure is logged at once.
    vi.advanceTimersByTime(3 * OUTAGE_LOG_INTERVAL_MS);
    expect(lines).toHaveLength(4);
    failures('POST /bank', 1);
    expect(lines.slice(4).map(({ route, count }) => ({ route, count }))).toEqual([{ route: 'POST /bank', count: 1 }]);
    vi.advanceTimersByTime(2 * OUTAGE_LOG_INTERVAL_MS);
    expect(lines).toHaveLength(5);
  });
});
