import { isIP } from 'node:net';

/**
 * What kind of address an IP is, for the SSRF rules: only public unicast addresses may receive
 * webhooks (and loopback in the sandbox). IPv6 forms that embed an IPv4 address (mapped,
 * NAT64, 6to4) are judged by the IPv4 address inside.
 */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'shared (CGNAT)'
  | 'multicast'
  | 'reserved';

type Range = [prefix: number[], bits: number, kind: Exclude<AddressKind, 'public'>];

const IPV4_RANGES: Range[] = [
  [[0, 0, 0, 0], 8, 'reserved'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'shared (CGNAT)'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'reserved'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'reserved'],
  [[203, 0, 113, 0], 24, 'reserved'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

const IPV6_RANGES: Range[] = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 128, 'loopback'],
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 96, 'reserved'], // unspecified and IPv4-compatible (deprecated)
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, 'reserved'], // discard-only
  [[0x20, 0x01, 0, 0], 32, 'reserved'], // Teredo: hides an IPv4 address
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'reserved'], // documentation
  [[0xfc], 7, 'unique-local'],
  [[0xfe, 0x80], 10, 'link-local'],
  [[0xfe, 0xc0], 10, 'reserved'], // site-local (deprecated)
  [[0xff], 8, 'multicast'],
];

function inRange(bytes: number[], [prefix, bits]: Range): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

const isPrefix = (bytes: number[], prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);

function ipv4Kind(bytes: number[]): AddressKind {
  return IPV4_RANGES.find((range) => inRange(bytes, range))?.[2] ?? 'public';
}

/** The kind of an IPv4 or IPv6 address; anything that is not an IP address counts as reserved. */
export function addressKind(address: string): AddressKind {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare.split('%')[0]!);
  if (version === 4) return ipv4Kind(bare.split('.').map(Number));
  if (version !== 6) return 'reserved';
  const bytes = ipv6Bytes(bare);
  const embedded =
    isPrefix(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]) || isPrefix(bytes, [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])
      ? bytes.slice(12)
      : isPrefix(bytes, [0x20, 0x02])
        ? bytes.slice(2, 6)
        : undefined;
  if (embedded) return ipv4Kind(embedded);
  return IPV6_RANGES.find((range) => inRange(bytes, range))?.[2] ?? 'public';
}
