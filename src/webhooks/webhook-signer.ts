import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { BoundedMemo } from '../common/memo/bounded-memo.js';

/** The Standard Webhooks headers of one attempt. */
export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

const SECRET_PREFIX = 'whsec_';
/** Bytes of a new secret: Standard Webhooks asks for 24 to 64. */
const SECRET_BYTES = 32;

/** A new signing secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** Signs with the `standardwebhooks` library: one signature per secret while two sign. */
@Injectable()
export class WebhookSigner {
  // Each Webhook decodes its secret once; endpoints are few.
  private readonly webhooks = new BoundedMemo<string, Webhook>(1_000);

  sign(eventId: string, at: Date, payload: string, secrets: readonly string[]): SignedHeaders {
    const signatures = secrets.map((secret) => this.webhookOf(secret).sign(eventId, at, payload));
    return {
      'webhook-id': eventId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1_000)),
      'webhook-signature': signatures.join(' '),
    };
  }

  private webhookOf(secret: string): Webhook {
    let webhook = this.webhooks.get(secret);
    if (webhook === undefined) {
      webhook = new Webhook(secret);
      this.webhooks.set(secret, webhook);
    }
    return webhook;
  }
}
