import { connect, type Socket } from 'node:net';
import { expect, test } from '@playwright/test';
import { PORT } from './support/environment';

/** Sends one request on the socket and resolves with the whole answer's text (a /healthz answer is small). */
function ask(socket: Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const onData = (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      const [head, body = ''] = answer.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(head ?? '')?.[1] ?? NaN);
      if (body.length >= length) finish(() => resolve(answer));
    };
    const onClose = () => finish(() => reject(new Error(`the server closed the connection; it had answered: ${JSON.stringify(answer)}`)));
    const finish = (then: () => void) => {
      socket.off('data', onData);
      socket.off('close', onClose);
      then();
    };
    socket.on('data', onData);
    socket.on('close', onClose);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n\r\n`);
  });
}

test.describe('the HTTP server', () => {
  test('keeps an idle connection open longer than a load balancer does, so a request after a pause is answered on it', async () => {
    const socket = connect(PORT, '127.0.0.1');
    try {
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      const first = await ask(socket, '/healthz');
      expect(first).toMatch(/^HTTP\/1\.1 200/);
      // What the server tells clients it keeps an idle connection for (docs/operations.md: 65 s).
      expect(first).toMatch(/\r\nkeep-alive: timeout=65\r\n/i);
      // Longer than Node's default of 5 s, which closed the connection under a client that paused.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await ask(socket, '/healthz')).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      socket.destroy();
    }
  });
});
