import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nextConfig from '@/next.config';
import { guardPortalRequest, PORTAL_BODY_LIMIT_BYTES, PORTAL_BODY_LIMIT_TEXT } from '@/lib/platform/http-guards';

/** A stand-in for Next behind the guard, over real HTTP: it reads the whole body, as a server action does, and says what it got. */
let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer((request, response) =>
    guardPortalRequest(request, response, async () => {
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of request) {
        size += (chunk as Buffer).length;
        hash.update(chunk as Buffer);
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ size, sha256: hash.digest('hex') }));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw request; `chunks` are written one by one without a Content-Length (chunked) unless `length` is given. */
function send(method: string, options: { chunks?: Buffer[]; length?: number } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'text/plain;charset=UTF-8', 'next-action': 'x' };
    if (options.length !== undefined) headers['content-length'] = String(options.length);
    const request = http.request({ host: '127.0.0.1', port, path: '/merchants/settings', method, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on('error', reject);
    void (async () => {
      for (const chunk of options.chunks ?? []) {
        if (request.destroyed) return;
        request.write(chunk);
        await new Promise((next) => setTimeout(next, 2));
      }
      request.end();
    })();
  });
}

const sha256 = (parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest('hex');

describe('the portal door, before Next', () => {
  it('answers TRACE with 405 and an Allow header without it', async () => {
    const answer = await send('TRACE');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(answer.headers.allow).not.toMatch(/TRACE|TRACK/);
  });

  it('refuses a declared Content-Length over 1 MB with 413 before reading it', async () => {
    const body = randomBytes(PORTAL_BODY_LIMIT_BYTES + 1);
    const answer = await send('POST', { chunks: [body], length: body.length }).catch((error: NodeJS.ErrnoException) => ({ status: error.code }));
    // The guard answers at once; a client still uploading may see the connection close first.
    expect([413, 'ECONNRESET', 'EPIPE']).toContain(answer.status);
    const small = await send('POST', { chunks: [Buffer.alloc(10)], length: PORTAL_BODY_LIMIT_BYTES + 1 }).catch(() => ({ status: 0 }));
    expect(small.status).toBe(413);
  });

  it('counts a chunked body as it streams and answers 413 once it passes 1 MB', async () => {
    const chunks = Array.from({ length: 40 }, () => randomBytes(32 * 1024)); // 1.25 MB in 32 KB chunks
    const answer = await send('POST', { chunks });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(/larger than 1 MB/);
    expect(answer.headers.connection).toBe('close');
  });

  it('hands on a chunked body within the limit whole and unchanged, and one of exactly 1 MB', async () => {
    const chunks = Array.from({ length: 16 }, () => randomBytes(64 * 1024)); // exactly 1 MB
    const answer = await send('POST', { chunks });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ size: PORTAL_BODY_LIMIT_BYTES, sha256: sha256(chunks) });
    const declared = [randomBytes(1000)];
    const plain = await send('POST', { chunks: declared, length: 1000 });
    expect(JSON.parse(plain.body)).toEqual({ size: 1000, sha256: sha256(declared) });
    expect((await send('GET')).status).toBe(200);
  });

  it('uses the limit server actions have in Next (its default 1 MB, unless next.config.ts sets one)', () => {
    expect(nextConfig.experimental?.serverActions?.bodySizeLimit ?? '1mb').toBe(PORTAL_BODY_LIMIT_TEXT);
    expect(PORTAL_BODY_LIMIT_BYTES).toBe(1024 * 1024);
  });
});
