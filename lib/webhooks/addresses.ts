import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/**
 * What kind of destination an IP address is, for the SSRF rules. The special ranges come from
 * ipaddr.js (as Express uses it), not from tables kept here; only ipaddr.js's `unicast` is public.
 * IPv6 forms that carry an IPv4 address inside are judged by that address too (docs/webhooks.md).
 */
export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'shared (CGNAT)'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'reserved';

export interface AddressVerdict {
  kind: AddressKind;
  /** What follows "is" in a refusal: "a private address (10.0.0.1 inside a local-use NAT64 address)". */
  description: string;
  /** Whether a connection to it stays on this machine: the only non-public addresses the sandbox allows. */
  loopback: boolean;
}

/** ipaddr.js's range names that we tell apart; every other special range (documentation, benchmarking, AS112…) is reserved. */
const KINDS: Record<string, AddressKind> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  carrierGradeNat: 'shared (CGNAT)',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
};

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

interface Embedded {
  form: string;
  /** IPv4 addresses inside, with their role when the form holds two (Teredo). */
  inside: { role: string; ipv4: IPv4 }[];
  /** Whether the IPv6 form itself reaches the public Internet (then a public IPv4 inside makes it public). */
  routable: boolean;
}

const ipv4Of = (high: number, low: number): IPv4 => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
const firstPartsZero = (parts: number[], count: number) => parts.slice(0, count).every((part) => part === 0);

/**
 * The IPv4 addresses an IPv6 address carries, by the form it is in. Which forms reach the public
 * Internet with a public IPv4 inside is decided here; the reasons are in docs/webhooks.md.
 */
function embeddedIpv4(address: IPv6): Embedded | undefined {
  const parts = address.parts;
  const last32 = ipv4Of(parts[6]!, parts[7]!);
  switch (address.range()) {
    case 'ipv4Mapped': // ::ffff:0:0/96: a dual-stack socket connects to the IPv4 address itself
      return { form: 'IPv4-mapped', inside: [{ role: '', ipv4: last32 }], routable: true };
    case 'rfc6145': // ::ffff:0:0:0/96 (SIIT): meaningful only inside a translator's own network
      return { form: 'IPv4-translated', inside: [{ role: '', ipv4: last32 }], routable: false };
    case 'rfc6052':
      // 64:ff9b::/96 is the well-known NAT64 prefix (RFC 6052, global). 64:ff9b:1::/48 is for an
      // operator's own translators (RFC 8215, not globally reachable), whatever it embeds; the
      // address is read at the /96 position, the one DNS64 uses and the example shows.
      return parts[2] === 0
        ? { form: 'NAT64', inside: [{ role: '', ipv4: last32 }], routable: true }
        : { form: 'local-use NAT64', inside: [{ role: '', ipv4: last32 }], routable: false };
    case '6to4': // 2002::/16: the IPv4 address of the 6to4 site sits in bits 16–47
      return { form: '6to4', inside: [{ role: '', ipv4: ipv4Of(parts[1]!, parts[2]!) }], routable: true };
    case 'teredo': // 2001::/32: server in bits 32–63, client XOR-obfuscated in the last 32 bits
      return {
        form: 'Teredo',
        inside: [
          { role: 'server ', ipv4: ipv4Of(parts[2]!, parts[3]!) },
          { role: 'client ', ipv4: ipv4Of(~parts[6]! & 0xffff, ~parts[7]! & 0xffff) },
        ],
        routable: false,
      };
    case 'unicast': // ::/96 less :: and ::1 (IPv4-compatible, deprecated by RFC 4291): routed nowhere
      return firstPartsZero(parts, 6) ? { form: 'IPv4-compatible', inside: [{ role: '', ipv4: last32 }], routable: false } : undefined;
    default:
      return undefined;
  }
}

const article = (word: string) => (/^(unspecified|IPv4)/.test(word) ? 'an' : 'a');
const plain = (kind: AddressKind): AddressVerdict => ({ kind, description: `${article(kind)} ${kind} address`, loopback: kind === 'loopback' });

const ipv4Kind = (address: IPv4): AddressKind => KINDS[address.range()] ?? 'reserved';

/** Global unicast (RFC 4291, IANA): the rest of the IPv6 space ipaddr.js calls unicast is unassigned. */
const GLOBAL_UNICAST = ipaddr.IPv6.parse('2000::');

function classifyIpv6(address: IPv6): AddressVerdict {
  const embedded = embeddedIpv4(address);
  if (embedded) {
    const { form, inside, routable } = embedded;
    const refused = inside.map((entry) => ({ ...entry, kind: ipv4Kind(entry.ipv4) })).find(({ kind }) => kind !== 'public');
    if (refused) {
      const { role, ipv4, kind } = refused;
      // Only an IPv4-mapped loopback stays on this machine; NAT64 or 6to4 of 127.0.0.1 goes to a gateway.
      const loopback = kind === 'loopback' && form === 'IPv4-mapped';
      return { kind, description: `${article(kind)} ${kind} address (${role}${ipv4.toString()} inside ${article(form)} ${form} address)`, loopback };
    }
    if (routable) return plain('public');
    return { kind: 'reserved', description: `a reserved address (${article(form)} ${form} address, not publicly routable)`, loopback: false };
  }
  const kind = KINDS[address.range()] ?? 'reserved';
  return plain(kind === 'public' && !address.match(GLOBAL_UNICAST, 3) ? 'reserved' : kind);
}

/**
 * The verdict on an IPv4 or IPv6 address as node:net writes it (as DNS answers and the URL parser
 * give it); anything else, including IPv4 in octal or hex, counts as reserved.
 */
export function classifyAddress(address: string): AddressVerdict {
  // A zone (fe80::1%eth0) only names the interface; the address is judged without it.
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const version = isIP(bare);
  if (version === 4) return plain(ipv4Kind(ipaddr.IPv4.parse(bare)));
  if (version !== 6) return plain('reserved');
  // ipaddr.js reads "::1.2.3.4" as IPv4-mapped; the URL parser's hex spelling keeps it IPv4-compatible.
  let canonical: string;
  try {
    canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return plain('reserved');
  }
  return classifyIpv6(ipaddr.IPv6.parse(canonical));
}

export const addressKind = (address: string): AddressKind => classifyAddress(address).kind;
