import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { handleError, OUTAGE_RETRY_AFTER_SECONDS } from '@/lib/api/errors';
import { parseConfig, setConfig } from '@/lib/platform/config';

/**
 * handleError's net under validation, over real HTTP against the run's real PostgreSQL: what the
 * database refuses as input is a 422, an unreachable database a 503, and neither shows the caller
 * a driver message.
 */
let server: ServerType;
let baseUrl: string;
const live = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
// Port 9 on loopback: nothing listens there, so every connection is refused.
const unreachable = new pg.Pool({ connectionString: 'postgres://postgres:x@127.0.0.1:9/collect', max: 1, connectionTimeoutMillis: 2_000 });
live.on('error', () => {});
unreachable.on('error', () => {});

beforeAll(async () => {
  setConfig(parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
  const app = new Hono();
  app.onError(handleError);
  app.get('/sql/:case', async (c) => {
    const statements: Record<string, [string, unknown[]]> = {
      'bad-integer': ['select $1::int', ['twelve']],
      'nul-byte': ['select $1::text', ['A\u0000B']],
      'impossible-date': ['select $1::timestamptz', ['2026-02-30T00:00:00Z']],
      'year-zero': ['select $1::timestamptz', ['0000-01-01T00:00:00Z']],
      'numeric-overflow': ['select $1::numeric(5,2)', ['123456.78']],
      'too-long': ["do $$ declare v varchar(3); begin v := 'abcd'; end $$", []],
      'deep-nesting': ['select $1::jsonb', [`${'['.repeat(200_000)}${']'.repeat(200_000)}`]],
      'bad-json': ['select $1::jsonb', ['{"a":"\\u0000"}']],
    };
    const [text, values] = statements[c.req.param('case')]!;
    await live.query(text, values);
    return c.text('unexpectedly fine');
  });
  app.get('/outage', async (c) => {
    await unreachable.query('select 1');
    return c.text('unexpectedly fine');
  });
  app.get('/bug', () => {
    throw new TypeError('a bug with a secret in it: hunter2');
  });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await live.end();
  await unreachable.end();
});

describe('errors the database raises', () => {
  it.each(['bad-integer', 'nul-byte', 'impossible-date', 'year-zero', 'numeric-overflow', 'too-long', 'deep-nesting', 'bad-json'])(
    'input PostgreSQL refuses (%s) answers 422 invalid_input without the driver message',
    async (name) => {
      const response = await fetch(`${baseUrl}/sql/${name}`);
      const text = await response.text();
      expect(response.status, text).toBe(422);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const problem = JSON.parse(text);
      expect(problem).toMatchObject({ status: 422, code: 'invalid_input', title: 'Invalid input' });
      expect(text).not.toMatch(/invalid input syntax|is out of range|byte sequence|stack depth limit|value too long|syntax error|Unicode escape/i);
    },
  );

  it('an unreachable database answers 503 service_unavailable with Retry-After, every time', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await fetch(`${baseUrl}/outage`);
      const text = await response.text();
      expect(response.status, text).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
      expect(JSON.parse(text)).toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    }
  });

  it('anything else is a 500 that shows nothing of the error', async () => {
    const response = await fetch(`${baseUrl}/bug`);
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text).code).toBe('internal_error');
    expect(text).not.toContain('hunter2');
  });
});
