import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import {
  NON_GLOBAL_IPV6,
  SPECIAL_PURPOSE_IPV4,
  SPECIAL_PURPOSE_IPV6,
} from './special-purpose-addresses.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Network = [Address, number];

/** What the policy says of one address: allowed (and whether over plain http) or why not. */
export type AddressVerdict =
  { allowed: true; plainHttpAllowed: boolean } | { allowed: false; reason: string };

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const IPV4_MAPPED = ipaddr.parseCIDR('::ffff:0:0/96');
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
const named = (ranges: readonly (readonly [string, string])[]) =>
  ranges.map(([cidr, name]) => ({ network: ipaddr.parseCIDR(cidr), name }));
const IPV4_RANGES = named(SPECIAL_PURPOSE_IPV4);
const IPV6_RANGES = named(SPECIAL_PURPOSE_IPV6);
const NON_GLOBAL_NAMES = named(NON_GLOBAL_IPV6);

/**
 * Where a webhook may go: public addresses over https, WEBHOOK_ALLOWED_NETWORKS over http or https.
 * An IPv6 form holding an IPv4 address is judged by it, or refused (docs/webhooks.md).
 */
export class WebhookAddressPolicy {
  private readonly allowed: Network[];

  /** `allowedNetworks`: CIDR blocks, already validated (app.config). */
  constructor(allowedNetworks: readonly string[]) {
    this.allowed = allowedNetworks.map((network) => parseNetwork(network));
  }

  judge(text: string): AddressVerdict {
    if (!isIP(text)) return { allowed: false, reason: `"${text}" is not an IP address` };
    const address = parseAddress(text);
    if (this.isAllowedNetwork(address)) return { allowed: true, plainHttpAllowed: true };
    if (address.kind() === 'ipv4') return judgeIpv4(text, address as ipaddr.IPv4);
    const ipv6 = address as ipaddr.IPv6;
    const embedded = embeddedIpv4(ipv6);
    if (embedded?.form === 'mapped') {
      if (this.isAllowedNetwork(embedded.ipv4)) return { allowed: true, plainHttpAllowed: true };
      const verdict = judgeIpv4(embedded.ipv4.toString(), embedded.ipv4);
      return verdict.allowed
        ? verdict
        : { allowed: false, reason: `${text} (IPv4-mapped) holds ${verdict.reason}` };
    }
    if (embedded?.form === 'compatible') {
      if (this.isAllowedNetwork(embedded.ipv4)) return { allowed: true, plainHttpAllowed: true };
      const verdict = judgeIpv4(embedded.ipv4.toString(), embedded.ipv4);
      return {
        allowed: false,
        reason: verdict.allowed
          ? `${text} is an IPv4-compatible address (deprecated, never routed), not a public one`
          : `${text} (IPv4-compatible) holds ${verdict.reason}`,
      };
    }
    if (!ipv6.match(GLOBAL_UNICAST)) {
      const name =
        NON_GLOBAL_NAMES.find(({ network }) => ipv6.match(network))?.name ??
        'non-global (outside 2000::/3)';
      return { allowed: false, reason: `${text} is a ${name} address, not a public one` };
    }
    const special = IPV6_RANGES.find(({ network }) => ipv6.match(network));
    if (special)
      return { allowed: false, reason: `${text} is a ${special.name} address, not a public one` };
    return { allowed: true, plainHttpAllowed: false };
  }

  private isAllowedNetwork(address: Address): boolean {
    return this.allowed.some(([network, bits]) => matches(address, network, bits));
  }
}

function judgeIpv4(text: string, address: ipaddr.IPv4): AddressVerdict {
  const special = IPV4_RANGES.find(({ network }) => address.match(network));
  return special
    ? { allowed: false, reason: `${text} is a ${special.name} address, not a public one` }
    : { allowed: true, plainHttpAllowed: false };
}

/**
 * The address as it is connected to. ipaddr.js reads a dotted tail as IPv4-mapped (`::1.2.3.4`
 * as `::ffff:1.2.3.4`), so IPv6 text goes through the WHATWG serialization first (`::102:304`).
 */
function parseAddress(text: string): Address {
  if (isIP(text) === 6 && text.includes('.'))
    return ipaddr.parse(new URL(`http://[${text}]/`).hostname.slice(1, -1));
  return ipaddr.parse(text);
}

/** The IPv4 address an IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible (::a.b.c.d) form holds. */
function embeddedIpv4(
  address: ipaddr.IPv6,
): { form: 'mapped' | 'compatible'; ipv4: ipaddr.IPv4 } | undefined {
  const form = address.match(IPV4_MAPPED)
    ? 'mapped'
    : address.match(IPV4_COMPATIBLE)
      ? 'compatible'
      : undefined;
  if (form === undefined) return undefined;
  const bytes = address.toByteArray().slice(12);
  // :: and ::1 are the unspecified and loopback addresses, not IPv4-compatible ones.
  if (form === 'compatible' && bytes.slice(0, 3).every((byte) => byte === 0) && bytes[3] <= 1)
    return undefined;
  return { form, ipv4: new ipaddr.IPv4(bytes) };
}

/** A CIDR block (`10.0.0.0/8`, `fd00::/8`) or a single address; throws when neither. */
export function parseNetwork(text: string): Network {
  if (isIP(text)) {
    const address = ipaddr.parse(text);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  }
  const [address, bits] = ipaddr.parseCIDR(text);
  return [address, bits];
}

function matches(address: Address, network: Address, bits: number): boolean {
  if (address.kind() !== network.kind()) return false;
  return address.match(network, bits);
}
