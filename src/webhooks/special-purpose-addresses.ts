/**
 * The ranges no webhook may go to: every entry of IANA's IPv4 and IPv6 special-purpose registries,
 * multicast, and IPv4's reserved ranges (IPv6 outside 2000::/3 is refused before this).
 */
export const SPECIAL_PURPOSE_IPV4: readonly (readonly [cidr: string, name: string])[] = [
  ['0.0.0.0/32', 'unspecified'],
  ['0.0.0.0/8', '"this network"'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade NAT (shared)'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.2.0/24', 'documentation (TEST-NET-1)'],
  ['192.31.196.0/24', 'AS112'],
  ['192.52.193.0/24', 'AMT'],
  ['192.88.99.0/24', '6to4 relay anycast (deprecated)'],
  ['192.168.0.0/16', 'private'],
  ['192.175.48.0/24', 'AS112 direct delegation'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation (TEST-NET-2)'],
  ['203.0.113.0/24', 'documentation (TEST-NET-3)'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
];

/** Within 2000::/3 (global unicast), the special-purpose entries; most specific first. */
export const SPECIAL_PURPOSE_IPV6: readonly (readonly [cidr: string, name: string])[] = [
  ['2001::/32', 'Teredo (IPv4-embedding)'],
  ['2001:1::1/128', 'PCP anycast'],
  ['2001:1::2/128', 'TURN relay anycast'],
  ['2001:1::3/128', 'DNS-SD service registration anycast'],
  ['2001:2::/48', 'benchmarking'],
  ['2001:3::/32', 'AMT'],
  ['2001:4:112::/48', 'AS112'],
  ['2001:10::/28', 'ORCHID (deprecated)'],
  ['2001:20::/28', 'ORCHIDv2'],
  ['2001:30::/28', 'drone remote ID (DET)'],
  ['2001::/23', 'IETF protocol assignments'],
  ['2001:db8::/32', 'documentation'],
  ['2002::/16', '6to4 (IPv4-embedding)'],
  ['2620:4f:8000::/48', 'AS112 direct delegation'],
  ['3fff::/20', 'documentation'],
];

/** Outside 2000::/3: the names a message gives the common ranges; any other is "not global". */
export const NON_GLOBAL_IPV6: readonly (readonly [cidr: string, name: string])[] = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['::ffff:0:0:0/96', 'IPv4-translated'],
  ['64:ff9b::/96', 'NAT64 (IPv4-embedding)'],
  ['64:ff9b:1::/48', 'local-use NAT64 (IPv4-embedding)'],
  ['100::/64', 'discard-only'],
  ['100:0:0:1::/64', 'dummy'],
  ['5f00::/16', 'segment routing (SRv6)'],
  ['fc00::/7', 'unique local (private)'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local (deprecated)'],
  ['ff00::/8', 'multicast'],
];
