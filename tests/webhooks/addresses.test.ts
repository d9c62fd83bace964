import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { addressKind } from '@/lib/webhooks/addresses';
import { generateSecret, isValidSecret, sign, signatureHeader } from '@/lib/webhooks/signing';
import { checkEndpointUrl } from '@/lib/webhooks/url-policy';

describe('which addresses may receive webhooks', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fd00::1', 'unique-local'],
    ['fc12:3456::1', 'unique-local'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.254', 'shared (CGNAT)'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'reserved'],
    ['::', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['not-an-ip', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '197.248.0.1'])('%s is public', (address) => {
    expect(addressKind(address)).toBe('public');
  });

  it('reads IPv4 addresses written in other forms as the URL parser does', async () => {
    for (const url of ['https://2130706433/', 'https://0x7f.1/', 'https://0177.0.0.1/', 'https://[::ffff:7f00:1]/']) {
      expect(await checkEndpointUrl(url, false)).toMatchObject({ ok: false, reason: expect.stringContaining('loopback') });
    }
  });

  it('judges a host by every address it resolves to', async () => {
    const resolver = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '10.0.0.7', family: 4 as const },
    ];
    expect(await checkEndpointUrl('https://mixed.example/hook', false, resolver)).toEqual({
      ok: false,
      reason: 'mixed.example resolves to 10.0.0.7, which is a private address; webhooks go only to public addresses.',
    });
  });
});

describe('signing secrets', () => {
  it('generates whsec_ secrets of 32 random bytes', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(generateSecret()).not.toBe(secret);
  });

  it('accepts only whsec_ and canonical base64 of 24 to 64 bytes', () => {
    const of = (bytes: number) => `whsec_${Buffer.alloc(bytes, 7).toString('base64')}`;
    expect(isValidSecret(of(24))).toBe(true);
    expect(isValidSecret(of(64))).toBe(true);
    expect(isValidSecret(of(23))).toBe(false);
    expect(isValidSecret(of(65))).toBe(false);
    expect(isValidSecret(Buffer.alloc(32, 7).toString('base64'))).toBe(false);
    expect(isValidSecret('whsec_not base64!')).toBe(false);
    expect(isValidSecret(`${of(32)}x`)).toBe(false);
  });

  it('signs as Standard Webhooks does: the standardwebhooks package verifies each signature of the header', () => {
    const [first, second] = [generateSecret(), generateSecret()];
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ id: 'evt', type: 'payment.received' });
    const headers = { 'webhook-id': 'evt', 'webhook-timestamp': String(timestamp), 'webhook-signature': signatureHeader([first!, second!], 'evt', timestamp, body) };
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(first!).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(second!).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow('No matching signature');
    expect(sign(first!, 'evt', timestamp, body)).toBe(new Webhook(first!).sign('evt', new Date(timestamp * 1000), body));
  });
});
