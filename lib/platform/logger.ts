import pino, { type Logger } from 'pino';
import { config } from './config';

const globalLogger = globalThis as unknown as { __collectLogger?: Logger; __collectLogsToStandardError?: boolean };

/**
 * The operator CLI prints its JSON answer alone on standard output (so it pipes into jq): its
 * log lines go to standard error instead. Written synchronously, so that none is lost when the
 * command exits. Call before the first log line.
 */
export function logToStandardError(): void {
  globalLogger.__collectLogsToStandardError = true;
  globalLogger.__collectLogger = undefined;
}

/** Paths whose values never reach a log line, wherever they appear. */
const redactedPaths = [
  'password',
  '*.password',
  'token',
  '*.token',
  'accessToken',
  '*.accessToken',
  'refreshToken',
  '*.refreshToken',
  'secret',
  '*.secret',
  'authorization',
  '*.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
];

export function logger(): Logger {
  globalLogger.__collectLogger ??= pino(
    {
      level: config().LOG_LEVEL,
      base: undefined,
      redact: { paths: redactedPaths, censor: '[redacted]' },
    },
    globalLogger.__collectLogsToStandardError ? pino.destination({ dest: 2, sync: true }) : undefined,
  );
  return globalLogger.__collectLogger;
}

/** An outage's errors: one line per key (a route) per this interval, however many requests fail. */
export const OUTAGE_LOG_INTERVAL_MS = 10_000;

interface OutageWindow {
  count: number;
  fields: Record<string, unknown>;
}
const outageWindows = new Map<string, OutageWindow>();

/**
 * Logs an outage's error once per OUTAGE_LOG_INTERVAL_MS per key, with a count. The first failure
 * is logged at once (an operator hears of it); the failures that follow within the interval are
 * counted, and one line at its end says how many there were (with the last one's fields). A quiet
 * interval ends the window: the next failure is logged at once again. A busy service would
 * otherwise write thousands of identical lines a second while its database is out.
 */
export function logOutage(key: string, fields: Record<string, unknown>, message: string): void {
  const open = outageWindows.get(key);
  if (open) {
    open.count += 1;
    open.fields = fields;
    return;
  }
  logger().error({ ...fields, route: key, count: 1 }, message);
  const window: OutageWindow = { count: 0, fields };
  outageWindows.set(key, window);
  const close = () => {
    if (window.count === 0) {
      outageWindows.delete(key);
      return;
    }
    logger().error({ ...window.fields, route: key, count: window.count, seconds: OUTAGE_LOG_INTERVAL_MS / 1000 }, `${message} (${window.count} in the last ${OUTAGE_LOG_INTERVAL_MS / 1000} s)`);
    window.count = 0;
    setTimeout(close, OUTAGE_LOG_INTERVAL_MS).unref();
  };
  setTimeout(close, OUTAGE_LOG_INTERVAL_MS).unref();
}
