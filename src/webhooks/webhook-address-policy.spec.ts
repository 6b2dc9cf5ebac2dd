import { describe, expect, it } from '@jest/globals';
import { WebhookAddressPolicy } from './webhook-address-policy.js';

describe('WebhookAddressPolicy', () => {
  const policy = new WebhookAddressPolicy([]);

  it('allows public unicast addresses, over https only', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(policy.judge(address)).toEqual({ allowed: true, plainHttpAllowed: false });
  });

  it('refuses every non-public address, naming its range', () => {
    for (const [address, range] of [
      ['127.0.0.1', 'loopback'],
      ['127.8.9.10', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['100.64.0.1', 'carrier-grade NAT'],
      ['0.0.0.0', 'unspecified'],
      ['224.0.0.1', 'multicast'],
      ['255.255.255.255', 'broadcast'],
      ['192.0.2.1', 'reserved'],
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['fe80::1', 'link-local'],
      ['fd00::1', 'unique local'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:169.254.169.254', 'link-local'],
      ['64:ff9b::a00:1', 'NAT64'],
      ['2002:a00:1::', '6to4'],
      ['2001::1', 'Teredo'],
    ]) {
      const verdict = policy.judge(address);
      expect({ address, verdict }).toEqual({
        address,
        verdict: { allowed: false, reason: expect.stringContaining(range) },
      });
    }
  });

  it('allows WEBHOOK_ALLOWED_NETWORKS over http too, and nothing next to them', () => {
    const internal = new WebhookAddressPolicy(['10.20.0.0/16', 'fd00:1::/64', '127.0.0.2']);
    for (const address of ['10.20.3.4', 'fd00:1::5', '127.0.0.2', '::ffff:10.20.0.1'])
      expect(internal.judge(address)).toEqual({ allowed: true, plainHttpAllowed: true });
    for (const address of ['10.21.0.1', 'fd00:2::5', '127.0.0.1'])
      expect(internal.judge(address)).toMatchObject({ allowed: false });
  });
});
