import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/time/clock.js';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import { DatabaseAccess } from '../database/database-access.js';
import { OrderEventsRepository, type SequencedEvent } from '../events/order-events.repository.js';
import { WebhookDeliveriesRepository, type NewDelivery } from './webhook-deliveries.repository.js';
import { WebhookDispatcher } from './webhook-dispatcher.service.js';
import { WebhookEndpointsRepository, type FanOutEndpoint } from './webhook-endpoints.repository.js';

/**
 * Queues a delivery for each enabled endpoint that wants an event, in the transaction that gives
 * the event its id: an event with an id always has its deliveries, an endpoint created later only
 * events sequenced after it.
 */
@Injectable()
export class WebhookFanOut implements OnModuleInit {
  constructor(
    private readonly events: OrderEventsRepository,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly database: DatabaseAccess,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.events.whenSequenced((events) => this.fanOut(events));
  }

  private async fanOut(events: readonly SequencedEvent[]): Promise<void> {
    const endpoints = await this.endpoints.enabled();
    if (endpoints.length === 0) return;
    const queued: NewDelivery[] = [];
    for (const event of events)
      for (const endpoint of endpoints)
        if (wants(endpoint, event))
          queued.push({ endpointId: endpoint.id, eventId: event.id, occurredAt: event.occurredAt });
    if (queued.length === 0) return;
    await this.deliveries.enqueue(queued, new Date(this.clock.now()));
    this.database.afterCommit(() => this.dispatcher.wake());
  }
}

/** A store key's endpoint wants every order's events, a partner's its own orders'; of its types. */
function wants(endpoint: FanOutEndpoint, event: SequencedEvent): boolean {
  if (endpoint.ownerKind === ApiKeyKind.PARTNER && endpoint.owner !== event.owner) return false;
  return endpoint.eventTypes.split(',').includes(event.type);
}
