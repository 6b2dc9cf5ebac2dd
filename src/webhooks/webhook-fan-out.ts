import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ApiKeyStandings } from '../api-keys/api-key-standings.js';
import { Clock } from '../common/time/clock.js';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import { DatabaseAccess } from '../database/database-access.js';
import { EventsRepository, type SequencedEvent } from '../events/events.repository.js';
import { WebhookDeliveriesRepository, type NewDelivery } from './webhook-deliveries.repository.js';
import { WebhookDispatcher } from './webhook-dispatcher.service.js';
import { WebhookEndpointsRepository, type FanOutEndpoint } from './webhook-endpoints.repository.js';

/** Queues a delivery per wanting endpoint in the transaction that gives the event its id. */
@Injectable()
export class WebhookFanOut implements OnModuleInit {
  constructor(
    private readonly events: EventsRepository,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly database: DatabaseAccess,
    private readonly standings: ApiKeyStandings,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.events.whenSequenced((events) => this.fanOut(events));
  }

  private async fanOut(events: readonly SequencedEvent[]): Promise<void> {
    const endpoints = await this.endpoints.enabled();
    if (endpoints.length === 0) return;
    const now = this.clock.now();
    const queued: NewDelivery[] = [];
    for (const endpoint of endpoints) {
      // The kind its key has now; a lost key's endpoint gets nothing (disabled within seconds).
      const kind = this.kindOf(endpoint);
      if (kind === undefined) continue;
      for (const event of events)
        if (wants(endpoint, kind, event))
          queued.push({ endpointId: endpoint.id, eventId: event.id, occurredAt: event.occurredAt });
    }
    if (queued.length === 0) return;
    await this.deliveries.enqueue(queued, new Date(now));
    this.database.afterCommit(() => this.dispatcher.wake());
  }

  /**
   * The kind of the endpoint's key now; undefined when the key is lost. Not known yet (an issued
   * key's id not learnt): queued as a partner's, the least, and judged again before sending.
   */
  private kindOf(endpoint: FanOutEndpoint): ApiKeyKind | undefined {
    const standing = this.standings.standingOf({
      name: endpoint.owner,
      keyId: endpoint.ownerKeyId,
    });
    if (standing.state === 'lost') return undefined;
    return standing.state === 'active' ? standing.kind : ApiKeyKind.PARTNER;
  }
}

/** A store key's endpoint wants every order's events, a partner's its own orders'; of its types. */
function wants(endpoint: FanOutEndpoint, kind: ApiKeyKind, event: SequencedEvent): boolean {
  if (kind === ApiKeyKind.PARTNER && endpoint.owner !== event.owner) return false;
  return endpoint.eventTypes.split(',').includes(event.type);
}
