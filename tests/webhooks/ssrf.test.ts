import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/platform/db';
import { attemptDelivery } from '@/lib/webhooks/deliver';
import { webhookEndpoints } from '@/lib/webhooks/schema';
import { generateSecret } from '@/lib/webhooks/signing';
import { useTestApi } from '../support/api-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { aheadClock, deliveryRow, recordQuietly, signedInMerchant } from './support';

/** Outside the sandbox: no loopback, no private network, whatever the URL looks like. */
const api = useTestApi({ SANDBOX: 'false' });

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.stop());

const create = (token: string, url: string) => api.request('POST', '/merchants/me/webhook-endpoints', { token, json: { url, description: 'ssrf' } });

describe('registering an endpoint outside the sandbox', () => {
  it.each([
    ['a hostname resolving to 127.0.0.1', 'https://localhost/hook', 'localhost resolves to'],
    ['loopback', 'https://127.0.0.1/hook', 'loopback'],
    ['IPv6 loopback', 'https://[::1]/hook', 'loopback'],
    ['cloud metadata (link-local)', 'https://169.254.169.254/latest/meta-data', 'link-local'],
    ['a private network', 'https://10.0.0.8/hook', 'private'],
    ['a private network', 'https://172.20.1.1/hook', 'private'],
    ['a private network', 'https://192.168.0.1/hook', 'private'],
    ['CGNAT', 'https://100.64.1.1/hook', 'CGNAT'],
    ['multicast', 'https://224.0.0.251/hook', 'multicast'],
    ['IPv6 unique-local', 'https://[fd12:3456::1]/hook', 'unique-local'],
    ['IPv6 link-local', 'https://[fe80::1]/hook', 'link-local'],
    ['an IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/hook', 'loopback'],
    ['a decimal loopback', 'https://2130706433/hook', 'loopback'],
    ['an octal loopback', 'https://0177.0.0.1/hook', 'loopback'],
    ['a hexadecimal loopback', 'https://0x7f.1/hook', 'loopback'],
    ['the unspecified address', 'https://0.0.0.0/hook', 'unspecified'],
    ['the broadcast address', 'https://255.255.255.255/hook', 'broadcast'],
    ['a benchmarking address', 'https://198.18.0.1/hook', 'reserved'],
    ['a documentation address', 'https://[2001:db8::1]/hook', 'reserved'],
    // the two holes of issue 13
    ['a local-use NAT64 address of 10.0.0.1', 'https://[64:ff9b:1::a00:1]/', 'is a private address (10.0.0.1 inside a local-use NAT64 address)'],
    ['an IPv4-translated 127.0.0.1', 'https://[::ffff:0:7f00:1]/', 'is a loopback address (127.0.0.1 inside an IPv4-translated address)'],
    ['a NAT64 address of cloud metadata', 'https://[64:ff9b::a9fe:a9fe]/hook', 'link-local address (169.254.169.254 inside a NAT64 address)'],
    ['a 6to4 address of a private network', 'https://[2002:c0a8:101::1]/hook', 'private address (192.168.1.1 inside a 6to4 address)'],
    ['a Teredo address of a private client', 'https://[2001:0:808:808::f5ff:fffe]/hook', 'private address (client 10.0.0.1 inside a Teredo address)'],
    ['an IPv4-compatible loopback', 'https://[::127.0.0.1]/hook', 'loopback address (127.0.0.1 inside an IPv4-compatible address)'],
    ['a local-use NAT64 address of a public host', 'https://[64:ff9b:1::808:808]/hook', 'reserved address (a local-use NAT64 address, not publicly routable)'],
  ])('refuses %s (%s) with 422', async (_label, url, reason) => {
    const { token } = await signedInMerchant(api);
    const response = await create(token, url);
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual([{ path: 'url', message: expect.stringContaining(reason) }]);
  });

  it('refuses plain http, even to loopback', async () => {
    const { token } = await signedInMerchant(api);
    const response = await create(token, receiver.route().url);
    expect(response.status).toBe(422);
    expect((await response.json()).errors[0].message).toBe('Use an https:// URL.');
  });

  it('accepts https on a public address, and a host that does not resolve yet (checked again at each delivery)', async () => {
    const { token } = await signedInMerchant(api);
    expect((await create(token, 'https://203.0.114.10/hook')).status).toBe(201);
    expect((await create(token, 'https://hooks.invalid/collect')).status).toBe(201);
  });

  it('accepts a public IPv4 address inside the forms that reach it: IPv4-mapped, NAT64 (64:ff9b::/96) and 6to4', async () => {
    const { token } = await signedInMerchant(api);
    for (const url of ['https://[::ffff:808:808]/hook', 'https://[64:ff9b::808:808]/hook', 'https://[2002:808:808::1]/hook']) {
      expect((await create(token, url)).status).toBe(201);
    }
  });
});

describe('each delivery checks the address again', () => {
  it('sends nothing to an endpoint whose host now resolves to loopback, and records why', async () => {
    const { merchant, token } = await signedInMerchant(api);
    const route = receiver.route();
    // Stored as if DNS had changed since registration: the URL now leads to this machine.
    const [endpoint] = await db()
      .insert(webhookEndpoints)
      .values({ merchantId: merchant.id, url: route.url.replace('http://127.0.0.1', 'https://localhost'), description: 'rebound', secret: generateSecret() })
      .returning();
    const { eventId, deliveries } = await recordQuietly(merchant.id);
    const clock = aheadClock();
    expect(await attemptDelivery(deliveries[0]!, { clock })).toBe('retry');
    const delivery = await deliveryRow(eventId, endpoint!.id);
    expect(delivery).toMatchObject({ status: 'PENDING', attemptCount: 1 });
    const [logged] = await (await api.request('GET', `/merchants/me/events/${eventId}/deliveries`, { token })).json();
    expect(logged.attempts).toEqual([
      {
        attemptedAt: clock.now().toISOString(),
        responseStatus: null,
        durationMs: 0,
        error: `localhost resolves to 127.0.0.1, which is a loopback address; webhooks go only to public addresses.`,
        scheduledBecause: null,
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(route.requests).toHaveLength(0);
  });

  it('refuses a host that now resolves to an IPv6 form embedding a private address', async () => {
    const { merchant, token } = await signedInMerchant(api);
    // Registered while the name did not resolve; DNS now answers with a local-use NAT64 address.
    expect((await create(token, 'https://v6only.invalid/hook')).status).toBe(201);
    const { eventId, deliveries } = await recordQuietly(merchant.id);
    const resolver = async () => [{ address: '64:ff9b:1::a00:1', family: 6 as const }];
    expect(await attemptDelivery(deliveries[0]!, { clock: aheadClock(), resolver })).toBe('retry');
    const [logged] = await (await api.request('GET', `/merchants/me/events/${eventId}/deliveries`, { token })).json();
    expect(logged.attempts[0].error).toBe(
      'v6only.invalid resolves to 64:ff9b:1::a00:1, which is a private address (10.0.0.1 inside a local-use NAT64 address); webhooks go only to public addresses.',
    );
  });
});
