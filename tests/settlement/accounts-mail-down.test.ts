import net, { type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-server';
import { addAccount, bankAccount, json, merchantWithAccounts, tokenOf } from './api-helpers';

/** A mail server that takes the connection and never says a word (hung, or a firewall eating packets). */
const connections: net.Socket[] = [];
const silent = net.createServer((socket) => {
  connections.push(socket);
  socket.on('error', () => undefined);
});
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
afterAll(async () => {
  for (const socket of connections) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});
const api = useTestApi({ SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`, SMTP_FROM: 'Collect <team@collect.test>' });

describe('a settlement account change while the mail server hangs', () => {
  it('is answered at once: the other administrators\' email is sent after, and never holds the request', async () => {
    const world = await merchantWithAccounts(api);
    await tokenOf(api, world.merchant.id, 'MERCHANT_ADMIN');
    const started = Date.now();
    const created = await json<{ status: string }>(await addAccount(api, world.admin, bankAccount()), 201);
    const elapsed = Date.now() - started;
    expect(created.status).toBe('ACTIVE');
    // The mailer waits up to 10 s for a greeting; the answer came long before, while the mail server was still silent.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(connections.length).toBeGreaterThan(0);
    expect(connections.some((socket) => !socket.destroyed)).toBe(true);
    expect(elapsed).toBeLessThan(5_000);
  });
});
