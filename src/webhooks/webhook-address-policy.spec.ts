import { describe, expect, it } from '@jest/globals';
import ipaddr from 'ipaddr.js';
import { WebhookAddressPolicy } from './webhook-address-policy.js';

/**
 * IANA's registries as published (iana-ipv4-special-registry, iana-ipv6-special-registry,
 * multicast-addresses, ipv6-address-space), written out here apart from the policy's own table:
 * every range must be refused from its first address to its last.
 */
const IANA_IPV4 = [
  '0.0.0.0/8',
  '0.0.0.0/32',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.0.0/29',
  '192.0.0.8/32',
  '192.0.0.9/32',
  '192.0.0.10/32',
  '192.0.0.170/32',
  '192.0.0.171/32',
  '192.0.2.0/24',
  '192.31.196.0/24',
  '192.52.193.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '192.175.48.0/24',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '255.255.255.255/32',
];
const IANA_IPV6 = [
  '::1/128',
  '::/128',
  // ::ffff:0:0/96, IPv4-mapped, is judged by the IPv4 address it holds (tested below).
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '100:0:0:1::/64',
  '2001::/23',
  '2001::/32',
  '2001:1::1/128',
  '2001:1::2/128',
  '2001:1::3/128',
  '2001:2::/48',
  '2001:3::/32',
  '2001:4:112::/48',
  '2001:10::/28',
  '2001:20::/28',
  '2001:30::/28',
  '2001:db8::/32',
  '2002::/16',
  '2620:4f:8000::/48',
  '3fff::/20',
  '5f00::/16',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
  // Not global unicast: everything outside 2000::/3, in its eighths.
  '::/3',
  '4000::/3',
  '6000::/3',
  '8000::/3',
  'a000::/3',
  'c000::/3',
  'e000::/4',
];

/** The first, a middle and the last address of a CIDR block. */
function walk(cidr: string): string[] {
  const [network, bits] = ipaddr.parseCIDR(cidr);
  const bytes = network.toByteArray();
  const at = (fill: (hostBit: number) => number) => {
    const out = [...bytes];
    for (let bit = bits; bit < bytes.length * 8; bit++) {
      const mask = 0x80 >> (bit % 8);
      out[bit >> 3] = fill(bit) ? out[bit >> 3] | mask : out[bit >> 3] & ~mask;
    }
    return ipaddr.fromByteArray(out).toString();
  };
  return [...new Set([at(() => 0), at((bit) => (bit === bits ? 1 : 0)), at(() => 1)])];
}

describe('WebhookAddressPolicy', () => {
  const policy = new WebhookAddressPolicy([]);

  it('allows public unicast addresses, over https only', () => {
    for (const address of [
      '8.8.8.8',
      '93.184.216.34',
      '1.1.1.1',
      '2606:4700::1111',
      '2a00:1450:4001::200e',
      '::ffff:8.8.8.8',
    ])
      expect({ address, verdict: policy.judge(address) }).toEqual({
        address,
        verdict: { allowed: true, plainHttpAllowed: false },
      });
  });

  it("refuses every address of every range of IANA's special-purpose registries", () => {
    const walked = [...IANA_IPV4, ...IANA_IPV6].flatMap(walk);
    expect(walked.length).toBeGreaterThan(140);
    for (const address of walked)
      expect({ address, verdict: policy.judge(address) }).toEqual({
        address,
        verdict: { allowed: false, reason: expect.stringContaining(address) },
      });
  });

  it('allows the public addresses just outside those ranges', () => {
    for (const address of [
      '9.255.255.255',
      '11.0.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '126.255.255.255',
      '128.0.0.0',
      '172.15.255.255',
      '172.32.0.0',
      '192.0.1.0',
      '192.0.3.0',
      '198.17.255.255',
      '198.20.0.0',
      '223.255.255.255',
      '2001:200::1',
      '2001:db9::1',
      '2003::1',
      '3ffe:ffff::1',
    ])
      expect({ address, verdict: policy.judge(address) }).toEqual({
        address,
        verdict: { allowed: true, plainHttpAllowed: false },
      });
  });

  it('names the range in its refusal', () => {
    for (const [address, range] of [
      ['127.0.0.1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['169.254.169.254', 'link-local'],
      ['100.64.0.1', 'carrier-grade NAT'],
      ['0.0.0.0', 'unspecified'],
      ['224.0.0.1', 'multicast'],
      ['255.255.255.255', 'broadcast'],
      ['192.0.2.1', 'documentation'],
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['fe80::1', 'link-local'],
      ['fd00::1', 'unique local'],
      ['64:ff9b::a00:1', 'NAT64'],
      ['2002:a00:1::', '6to4'],
      ['2001::1', 'Teredo'],
      ['4000::1', 'outside 2000::/3'],
    ])
      expect(policy.judge(address)).toEqual({
        allowed: false,
        reason: expect.stringContaining(range),
      });
  });

  it('judges IPv4-mapped and IPv4-compatible forms by the IPv4 address they hold', () => {
    for (const [address, holds] of [
      ['::ffff:127.0.0.1', '127.0.0.1 is a loopback'],
      ['::ffff:169.254.169.254', '169.254.169.254 is a link-local'],
      ['::127.0.0.1', '127.0.0.1 is a loopback'],
      ['::7f00:1', '127.0.0.1 is a loopback'],
      ['::10.0.0.5', '10.0.0.5 is a private'],
      ['::169.254.169.254', '169.254.169.254 is a link-local'],
      ['::2', '0.0.0.2 is a "this network"'],
    ])
      expect({ address, verdict: policy.judge(address) }).toEqual({
        address,
        verdict: { allowed: false, reason: expect.stringContaining(holds) },
      });
    // A public IPv4 address in the deprecated compatible form is never routed: refused too.
    expect(policy.judge('::8.8.8.8')).toEqual({
      allowed: false,
      reason: expect.stringContaining('IPv4-compatible'),
    });
    for (const cidr of IANA_IPV4)
      for (const ipv4 of walk(cidr))
        for (const address of [`::ffff:${ipv4}`, `::${ipv4}`])
          expect({ address, allowed: policy.judge(address).allowed }).toEqual({
            address,
            allowed: false,
          });
  });

  it('allows WEBHOOK_ALLOWED_NETWORKS over http too, in every IPv4 form, and nothing next to them', () => {
    const internal = new WebhookAddressPolicy(['10.20.0.0/16', 'fd00:1::/64', '127.0.0.2']);
    for (const address of [
      '10.20.3.4',
      'fd00:1::5',
      '127.0.0.2',
      '::ffff:10.20.0.1',
      '::10.20.0.1',
      '::ffff:127.0.0.2',
    ])
      expect(internal.judge(address)).toEqual({ allowed: true, plainHttpAllowed: true });
    for (const address of ['10.21.0.1', 'fd00:2::5', '127.0.0.1', '::127.0.0.1', '::a15:1'])
      expect(internal.judge(address)).toMatchObject({ allowed: false });
  });
});
