import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** What the policy says of one address: allowed (and whether over plain http) or why not. */
export type AddressVerdict =
  { allowed: true; plainHttpAllowed: boolean } | { allowed: false; reason: string };

/** ipaddr.js's name of a range, as a message says it. */
const RANGE_NAMES: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT (shared)',
  private: 'private',
  reserved: 'reserved',
  uniqueLocal: 'unique local (private)',
  rfc6145: 'IPv4-translated',
  rfc6052: 'NAT64 (IPv4-embedding)',
  '6to4': '6to4 (IPv4-embedding)',
  teredo: 'Teredo (IPv4-embedding)',
};

/**
 * Which addresses a webhook may be sent to: public unicast ones over https, and those of
 * WEBHOOK_ALLOWED_NETWORKS over http or https. Every other address (private, loopback,
 * link-local, reserved, …; IPv4-mapped IPv6 judged as its IPv4 address) is refused.
 */
export class WebhookAddressPolicy {
  private readonly allowed: [Address, number][];

  /** `allowedNetworks`: CIDR blocks, already validated (app.config). */
  constructor(allowedNetworks: readonly string[]) {
    this.allowed = allowedNetworks.map((network) => parseNetwork(network));
  }

  judge(text: string): AddressVerdict {
    if (!isIP(text)) return { allowed: false, reason: `"${text}" is not an IP address` };
    let address: Address = ipaddr.parse(text);
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
      address = (address as ipaddr.IPv6).toIPv4Address();
    if (this.allowed.some(([network, bits]) => matches(address, network, bits)))
      return { allowed: true, plainHttpAllowed: true };
    const range = address.range();
    if (range === 'unicast') return { allowed: true, plainHttpAllowed: false };
    return {
      allowed: false,
      reason: `${text} is a ${RANGE_NAMES[range] ?? range} address, not a public one`,
    };
  }
}

/** A CIDR block (`10.0.0.0/8`, `fd00::/8`) or a single address; throws when neither. */
export function parseNetwork(text: string): [Address, number] {
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
