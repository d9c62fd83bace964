import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { addressKind, classifyAddress } from '@/lib/webhooks/addresses';
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
    ['fe80::1%eth0', 'link-local'],
    ['fd00::1', 'unique-local'],
    ['fc12:3456::1', 'unique-local'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.254', 'shared (CGNAT)'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'reserved'], // documentation
    ['198.51.100.7', 'reserved'], // documentation
    ['203.0.113.7', 'reserved'], // documentation
    ['198.18.0.1', 'reserved'], // benchmarking
    ['198.19.255.255', 'reserved'], // benchmarking
    ['192.88.99.1', 'reserved'], // the retired 6to4 relay anycast
    ['240.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'], // documentation
    ['3fff::1', 'reserved'], // documentation
    ['2001:2::1', 'reserved'], // benchmarking
    ['100::1', 'reserved'], // discard-only
    ['fec0::1', 'reserved'], // site-local (deprecated)
    ['4000::1', 'reserved'], // outside global unicast 2000::/3
    ['64:ff9b:0:0:1::1', 'reserved'], // in 64:ff9b::/32 but neither NAT64 prefix
    ['not-an-ip', 'reserved'],
    ['0177.0.0.1', 'reserved'], // only the URL parser reads octal; as an address it is not one
    ['2130706433', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '203.0.114.10', '197.248.0.1', '2606:4700:4700::1111', '2c0f:fe38::1'])('%s is public', (address) => {
    expect(addressKind(address)).toBe('public');
  });
});

/**
 * Every IPv6 form that carries an IPv4 address, with what is inside refused and, where the form
 * reaches the public Internet, a public address inside allowed (docs/webhooks.md, "Addresses").
 */
describe('IPv6 forms that embed an IPv4 address are judged by that address too', () => {
  const forms = [
    // build() puts the IPv4 address (as two hex groups) where the form carries it
    { form: 'IPv4-mapped', role: '', build: (v4: string) => `::ffff:${v4}`, routable: true },
    { form: 'IPv4-translated', role: '', build: (v4: string) => `::ffff:0:${v4}`, routable: false },
    { form: 'IPv4-compatible', role: '', build: (v4: string) => `::${v4}`, routable: false },
    { form: 'NAT64', role: '', build: (v4: string) => `64:ff9b::${v4}`, routable: true },
    { form: 'local-use NAT64', role: '', build: (v4: string) => `64:ff9b:1::${v4}`, routable: false },
    { form: '6to4', role: '', build: (v4: string) => `2002:${v4}::1`, routable: true },
    { form: 'Teredo', role: 'server ', build: (v4: string) => `2001:0:${v4}::f7f7:f7f7`, routable: false },
    { form: 'Teredo', role: 'client ', build: (v4: string) => `2001:0:808:808::${flipped(v4)}`, routable: false },
  ];
  const inside = [
    { ipv4: '127.0.0.1', hex: '7f00:1', kind: 'loopback' },
    { ipv4: '10.0.0.1', hex: 'a00:1', kind: 'private' },
    { ipv4: '192.168.1.1', hex: 'c0a8:101', kind: 'private' },
    { ipv4: '169.254.169.254', hex: 'a9fe:a9fe', kind: 'link-local' },
    { ipv4: '100.64.0.1', hex: '6440:1', kind: 'shared (CGNAT)' },
    { ipv4: '0.1.2.3', hex: '1:203', kind: 'unspecified' },
  ];
  /** Teredo stores its client address with every bit flipped (so 8.8.8.8 is f7f7:f7f7). */
  const flipped = (hex: string) =>
    hex
      .split(':')
      .map((group) => (~parseInt(group, 16) & 0xffff).toString(16))
      .join(':');
  const an = (word: string) => (/^(IPv4|unspecified)/.test(word) ? `an ${word}` : `a ${word}`);

  const refusedCases = forms.flatMap(({ form, role, build }) => inside.map((entry) => ({ form, role, address: build(entry.hex), ...entry })));
  it.each(refusedCases)('$address ($form, $ipv4 inside) is refused as $kind', ({ form, role, address, ipv4, kind }) => {
    expect(classifyAddress(address)).toEqual({
      kind,
      description: `${an(kind)} address (${role}${ipv4} inside ${an(form)} address)`,
      // NAT64, 6to4 or Teredo of 127.0.0.1 leads to a gateway, not to this machine: even the sandbox refuses it.
      loopback: form === 'IPv4-mapped' && kind === 'loopback',
    });
  });

  it.each(forms.map(({ form, build, routable }) => ({ form, address: build('808:808'), routable })))(
    '$address ($form with 8.8.8.8) is public only where the form is routable ($routable)',
    ({ form, address, routable }) => {
      expect(classifyAddress(address)).toEqual(
        routable
          ? { kind: 'public', description: 'a public address', loopback: false }
          : { kind: 'reserved', description: `a reserved address (${an(form)} address, not publicly routable)`, loopback: false },
      );
    },
  );

  it('reads the IPv4 address in every spelling of the IPv6 address', () => {
    for (const address of ['::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:0001', '[::ffff:7f00:1]', '::FFFF:7F00:1']) {
      expect(classifyAddress(address)).toMatchObject({ kind: 'loopback', loopback: true });
    }
    // ipaddr.js alone reads "::a.b.c.d" as IPv4-mapped; it is IPv4-compatible, routed nowhere.
    expect(classifyAddress('::8.8.8.8')).toMatchObject({ kind: 'reserved' });
    expect(classifyAddress('::0808:0808')).toMatchObject({ kind: 'reserved' });
  });
});

describe('checking a URL', () => {
  it.each([
    ['https://2130706433/', '127.0.0.1'],
    ['https://0177.0.0.1/', '127.0.0.1'],
    ['https://0x7f.1/', '127.0.0.1'],
    ['https://0x7f000001/', '127.0.0.1'],
    ['https://017700000001/', '127.0.0.1'],
    ['https://127.1/', '127.0.0.1'],
    ['https://127.0.0.1./', '127.0.0.1'],
    ['https://%31%32%37.0.0.1/', '127.0.0.1'],
    ['https://\uff11\uff12\uff17.0.0.1/', '127.0.0.1'], // full-width digits
    ['https://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['https://[0:0:0:0:0:ffff:7f00:1]/', '[::ffff:7f00:1]'],
  ])('reads %s as the URL parser does (%s) and refuses it as loopback', async (url, hostname) => {
    expect(new URL(url).hostname).toBe(hostname);
    expect(await checkEndpointUrl(url, false)).toMatchObject({ ok: false, reason: expect.stringContaining('loopback') });
  });

  it.each(['https://4294967296/', 'https://08.0.0.1/', 'https://1.2.3.4.5/', 'https://[fe80::1%25eth0]/'])('refuses %s, which is no URL', async (url) => {
    expect(await checkEndpointUrl(url, false)).toEqual({ ok: false, reason: 'Not a valid absolute URL.' });
  });

  it('refuses both addresses of the report, naming what is inside', async () => {
    expect(await checkEndpointUrl('https://[64:ff9b:1::a00:1]/', false)).toEqual({
      ok: false,
      reason: '64:ff9b:1::a00:1 is a private address (10.0.0.1 inside a local-use NAT64 address); webhooks go only to public addresses.',
    });
    expect(await checkEndpointUrl('https://[::ffff:0:7f00:1]/', false)).toEqual({
      ok: false,
      reason: '::ffff:0:7f00:1 is a loopback address (127.0.0.1 inside an IPv4-translated address); webhooks go only to public addresses.',
    });
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

  it('judges resolved IPv6 answers that embed an IPv4 address as it judges typed ones', async () => {
    for (const [address, kind] of [
      ['::127.0.0.1', 'loopback'], // how node writes an IPv4-compatible answer
      ['64:ff9b:1::a00:1', 'private'],
      ['::ffff:0:7f00:1', 'loopback'],
      ['2002:a9fe:a9fe::1', 'link-local'],
    ] as const) {
      const resolver = async () => [{ address, family: 6 as const }];
      for (const sandbox of [false, true]) {
        expect(await checkEndpointUrl('https://rebound.example/hook', sandbox, resolver)).toMatchObject({
          ok: false,
          reason: expect.stringMatching(new RegExp(`^rebound\\.example resolves to ${address.replace(/\./g, '\\.')}, which is a ${kind} address \\(`)),
        });
      }
    }
    const publicNat64 = async () => [{ address: '64:ff9b::808:808', family: 6 as const }];
    expect(await checkEndpointUrl('https://v6only.example/hook', false, publicNat64)).toMatchObject({ ok: true });
  });

  it('allows in the sandbox only loopback that stays on this machine, over http too', async () => {
    for (const url of ['http://127.0.0.1/', 'http://127.9.9.9/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://localhost/', 'https://127.0.0.1/']) {
      expect(await checkEndpointUrl(url, true)).toMatchObject({ ok: true });
    }
    for (const url of ['https://[64:ff9b::7f00:1]/', 'https://[2002:7f00:1::1]/', 'https://[::7f00:1]/', 'https://[::ffff:0:7f00:1]/', 'https://10.0.0.1/']) {
      expect(await checkEndpointUrl(url, true)).toMatchObject({ ok: false, reason: expect.stringContaining('(or loopback in the sandbox)') });
    }
    expect(await checkEndpointUrl('http://[64:ff9b::7f00:1]/', true)).toMatchObject({ ok: false, reason: expect.stringContaining('Use an https:// URL') });
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
