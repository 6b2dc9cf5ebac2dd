import { Injectable } from '@nestjs/common';
import { EventIds } from '../events/event-ids.js';
import { renderEvent } from '../events/event-catalog.js';
import type { EventEntity } from '../events/event.entity.js';
import { telemetry } from '../telemetry/telemetry.js';
import type { WebhookEndpointEntity } from './webhook-endpoint.entity.js';
import { WebhookSender, type SendResult } from './webhook-sender.js';
import { WebhookSigner } from './webhook-signer.js';
import { WebhookTargets } from './webhook-targets.js';

/**
 * One attempt's sending: the endpoint's URL checked again on a fresh resolution, the event signed
 * with its secrets, POSTed to the address checked, within the attempt's span.
 */
@Injectable()
export class WebhookPoster {
  constructor(
    private readonly targets: WebhookTargets,
    private readonly signer: WebhookSigner,
    private readonly sender: WebhookSender,
    private readonly ids: EventIds,
  ) {}

  async post(
    endpoint: WebhookEndpointEntity,
    event: EventEntity,
    at: Date,
    attempt: number,
    signal: AbortSignal,
  ): Promise<SendResult> {
    const verdict = await this.targets.check(endpoint.url);
    if ('refused' in verdict)
      return { durationMs: 0, connectionWaitMs: 0, excerpt: `not sent: ${verdict.refused}` };
    await this.ids.ready();
    const payload = renderEvent(event, this.ids.of(event.id));
    const body = JSON.stringify(payload);
    const secrets = [endpoint.secret];
    if (
      endpoint.previousSecret !== null &&
      endpoint.previousSecretExpiresAt !== null &&
      endpoint.previousSecretExpiresAt > at
    )
      secrets.push(endpoint.previousSecret);
    const headers = this.signer.sign(payload.id, at, body, secrets);
    const { url } = verdict.target;
    const span = telemetry().startWebhookAttempt({
      endpointId: String(endpoint.id),
      eventId: payload.id,
      attempt,
      serverAddress: url.hostname,
      serverPort: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      parentTraceparent: event.traceParent,
    });
    let sent: SendResult | undefined;
    try {
      sent = await this.sender.send(
        verdict.target,
        { ...headers, ...span.headers },
        body,
        endpoint.owner,
        signal,
      );
      return sent;
    } finally {
      span.end(sent?.statusCode, sent?.statusCode === undefined ? sent?.excerpt : undefined);
    }
  }
}
