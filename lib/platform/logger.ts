import pino, { type Logger } from 'pino';
import { config } from './config';

const globalLogger = globalThis as unknown as { __collectLogger?: Logger };

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
  globalLogger.__collectLogger ??= pino({
    level: config().LOG_LEVEL,
    base: undefined,
    redact: { paths: redactedPaths, censor: '[redacted]' },
  });
  return globalLogger.__collectLogger;
}
