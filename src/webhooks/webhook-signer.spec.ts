import { describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { WebhookSigner, newWebhookSecret } from './webhook-signer.js';

describe('WebhookSigner', () => {
  const signer = new WebhookSigner();
  const body = '{"id":42,"type":"order.created"}';

  it('makes Standard Webhooks headers that the standardwebhooks library verifies', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const headers = signer.sign('42', new Date(), body, [secret]);
    expect(headers['webhook-id']).toBe('42');
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow();
  });

  it('signs with each secret during a rotation, so either verifies', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signer.sign('7', new Date(), body, [current, previous]);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [current, previous])
      expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });
});
