import { randomBytes } from 'node:crypto';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock } from '../common/time/clock.js';
import { PollingLoop } from '../common/time/polling-loop.js';
import { waitAtMost } from '../common/time/wait-at-most.js';
import { EventIds } from '../events/event-ids.js';
import type { EventEntity } from '../events/event.entity.js';
import { EventsRepository } from '../events/events.repository.js';
import { PINO_LOGGER } from '../logging/logging.module.js';
import { DeliveryPlaces } from './delivery-places.js';
import {
  WebhookDeliveriesRepository,
  type ClaimedDelivery,
} from './webhook-deliveries.repository.js';
import type { WebhookEndpointEntity } from './webhook-endpoint.entity.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import { WebhookKeyWatch } from './webhook-key-watch.service.js';
import { WebhookMetrics } from './webhook-metrics.js';
import { WebhookPoster } from './webhook-poster.js';
import { WebhookResultRecorder } from './webhook-result-recorder.js';
import { CONNECTIONS_PER_ADDRESS, type SendResult } from './webhook-sender.js';

/** Deliveries claimed at once at most. */
const CLAIM_BATCH = 64;
/** Attempts in flight to one endpoint at a time: its connections. */
const MAX_PER_ENDPOINT = CONNECTIONS_PER_ADDRESS;
/** A claim's lease: past the attempt's timeout and the recording of its result. */
export const LEASE_MS = 30_000;
/** How often due deliveries are looked for when nothing of this instance asks sooner. */
export const DISPATCH_POLL_MS = 500;
/** After a failure (the database away): the next try. */
const RETRY_MS = 1_000;
/** A delivery handed back (its key not known yet, or this instance's own failure) is due after this. */
const DEFER_MS = 1_000;
/** After attempts end with room for more claims: the next claim, shared by those ending meanwhile. */
const CLAIM_AGAIN_MS = 5;
/** On shutdown, attempts in flight get this long before they are stopped (and released). */
const SHUTDOWN_GRACE_MS = 3_000;

/** Delivers queued webhooks: claims under a lease, holds them in shares, sends, records. */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger: Logger;
  private readonly instance = randomBytes(12).toString('base64url');
  private claims = 0;
  private readonly places = new DeliveryPlaces();
  /** Per endpoint: attempts in flight, and placed deliveries waiting for a connection. */
  private readonly inFlight = new Map<bigint, number>();
  private readonly waiting = new Map<bigint, Waiting[]>();
  private readonly attempts = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly loop = new PollingLoop(() => this.pass());
  private stopped = false;
  private failing = false;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly events: EventsRepository,
    private readonly poster: WebhookPoster,
    private readonly results: WebhookResultRecorder,
    private readonly metrics: WebhookMetrics,
    private readonly keys: WebhookKeyWatch,
    private readonly ids: EventIds,
    private readonly clock: Clock,
    @Inject(PINO_LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: 'Webhooks' });
  }

  onApplicationBootstrap(): void {
    this.loop.runIn(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await this.loop.stop();
    // Waiting deliveries go back at once, for another instance.
    for (const endpointId of [...this.waiting.keys()]) this.pump(endpointId);
    const settled = Promise.all(this.attempts);
    await waitAtMost(settled, SHUTDOWN_GRACE_MS);
    this.stopping.abort();
    await settled;
    await this.results.flush();
  }

  /** Deliveries were queued by this instance: look for them now. */
  wake(): void {
    this.loop.runIn(0);
  }

  /** Claims and starts due deliveries while there is room; resolves to when to look again. */
  private async pass(): Promise<number> {
    try {
      while (!this.stopped && this.places.free > 0) {
        const room = Math.min(CLAIM_BATCH, this.places.free);
        const now = this.now();
        const { claimed, read } = await this.deliveries.claim(
          now,
          new Date(now.getTime() + LEASE_MS),
          room,
          `${this.instance}:${++this.claims}`,
          this.places.excluded(),
          (due) => this.places.fitting(due),
        );
        if (claimed.length > 0) await this.start(claimed);
        // Nothing more due, or some of it did not fit (those endpoints are left out of the next
        // claim, which an attempt ending, new deliveries or the next poll starts).
        if (read < room || claimed.length < read) break;
      }
      if (this.failing) this.logger.info('Delivering webhooks again.');
      this.failing = false;
      return DISPATCH_POLL_MS;
    } catch (error) {
      if (!this.failing)
        this.logger.warn(
          `Claiming webhook deliveries failed (${messageOf(error)}); retrying every second, ` +
            'no delivery is lost.',
        );
      this.failing = true;
      return RETRY_MS;
    }
  }

  private async start(claimed: readonly ClaimedDelivery[]): Promise<void> {
    this.places.claim(claimed.length);
    const [, endpoints, events] = await Promise.all([
      // Public ids for the attempts' log lines (and the poster's payloads).
      this.ids.ready(),
      this.endpoints.byIds(unique(claimed.map((claim) => claim.endpointId))),
      this.events.byIds(unique(claimed.map((claim) => claim.eventId))),
    ]).catch((error: unknown) => {
      // Their leases lapse and they come due again.
      for (let count = 0; count < claimed.length; count++) this.places.unclaim();
      throw error;
    });
    for (const endpoint of endpoints) this.places.remember(endpoint.id, endpoint.owner);
    const endpointOf = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    const eventOf = new Map(events.map((event) => [event.id, event]));
    const claimedAt = this.clock.now();
    for (const delivery of claimed) {
      const endpoint = endpointOf.get(delivery.endpointId);
      const event = eventOf.get(delivery.eventId);
      if (!endpoint?.enabled || !event) {
        this.places.unclaim();
        this.results.add({ delivery, outcome: 'dropped' });
      } else if (!this.places.hasRoom(endpoint.id, endpoint.owner)) {
        // Its endpoint or owner filled its share meanwhile: back at once, for a later claim.
        this.places.unclaim();
        this.results.add({ delivery, outcome: 'deferred', nextAttemptAt: this.now() });
      } else {
        this.places.place(endpoint.id, endpoint.owner);
        const queue = this.waiting.get(endpoint.id) ?? [];
        queue.push({ delivery, endpoint, event, claimedAt });
        this.waiting.set(endpoint.id, queue);
      }
    }
    for (const endpointId of unique(claimed.map((claim) => claim.endpointId)))
      this.pump(endpointId);
  }

  /** Starts the endpoint's waiting deliveries while it has a free connection. */
  private pump(endpointId: bigint): void {
    const queue = this.waiting.get(endpointId);
    while (queue && queue.length > 0) {
      if (this.stopped) {
        for (const { delivery, endpoint } of queue.splice(0))
          this.handBack(delivery, endpoint, this.now());
        break;
      }
      const busy = this.inFlight.get(endpointId) ?? 0;
      if (busy >= MAX_PER_ENDPOINT) return;
      const { delivery, endpoint, event, claimedAt } = queue.shift()!;
      if (this.clock.now() - claimedAt > LEASE_MS / 2) {
        // Too near its lease's end to be sure of recording a result within it: handed back.
        this.handBack(delivery, endpoint, this.now());
        continue;
      }
      this.inFlight.set(endpointId, busy + 1);
      const attempt = this.attempt(delivery, endpoint, event).finally(() => {
        this.attempts.delete(attempt);
        this.places.leave(endpointId, endpoint.owner);
        const left = (this.inFlight.get(endpointId) ?? 1) - 1;
        if (left === 0) this.inFlight.delete(endpointId);
        else this.inFlight.set(endpointId, left);
        this.pump(endpointId);
        // Room for more: claim soon, together with the attempts ending meanwhile.
        if (this.places.free >= CLAIM_BATCH && this.places.wantsMore(endpointId))
          this.loop.runIn(CLAIM_AGAIN_MS);
      });
      this.attempts.add(attempt);
    }
    if (queue?.length === 0) this.waiting.delete(endpointId);
  }

  /** A placed delivery not attempted: due again at `at`, its place freed. */
  private handBack(delivery: ClaimedDelivery, endpoint: WebhookEndpointEntity, at: Date): void {
    this.places.leave(endpoint.id, endpoint.owner);
    this.results.add({ delivery, outcome: 'deferred', nextAttemptAt: at });
  }

  private async attempt(
    delivery: ClaimedDelivery,
    endpoint: WebhookEndpointEntity,
    event: EventEntity,
  ): Promise<void> {
    // The key's rights now: revoked, expired or removed since it was queued, nothing is sent.
    const verdict = this.keys.verdictOf(endpoint, event);
    if (verdict === 'defer') {
      this.results.add({ delivery, outcome: 'deferred', nextAttemptAt: this.now(DEFER_MS) });
      return;
    }
    if (verdict !== 'send') {
      this.metrics.withheld(verdict);
      this.results.add({ delivery, outcome: 'dropped' });
      return;
    }
    const at = this.now();
    let sent: SendResult;
    try {
      sent = await this.poster.post(
        endpoint,
        event,
        at,
        delivery.attempts + 1,
        this.stopping.signal,
      );
    } catch (error) {
      // Not a receiver's answer: this instance's own failure, so no attempt is counted.
      this.logger.error(
        { endpointId: String(endpoint.id), eventId: this.ids.of(event.id) },
        `A webhook could not be sent (${messageOf(error)})`,
      );
      this.results.add({ delivery, outcome: 'deferred', nextAttemptAt: this.now(DEFER_MS) });
      return;
    }
    if (sent.statusCode === undefined && this.stopping.signal.aborted) {
      // Stopped by the shutdown: released at once for another instance, no attempt counted.
      this.results.add({ delivery, outcome: 'deferred', nextAttemptAt: this.now() });
      return;
    }
    this.results.attempted(delivery, this.ids.of(event.id), at, sent);
  }

  /** The service's time (a test moves it), `offsetMs` from now. */
  private now(offsetMs = 0): Date {
    return new Date(this.clock.now() + offsetMs);
  }
}

/** A claimed delivery waiting for one of its endpoint's connections. */
interface Waiting {
  delivery: ClaimedDelivery;
  endpoint: WebhookEndpointEntity;
  event: EventEntity;
  claimedAt: number;
}

function unique(ids: readonly bigint[]): bigint[] {
  return [...new Set(ids)];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
