import { randomBytes } from 'node:crypto';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { ApiKeyStandings } from '../api-keys/api-key-standings.js';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import { Clock } from '../common/time/clock.js';
import { PollingLoop } from '../common/time/polling-loop.js';
import { toOrderEventDto } from '../events/events.service.js';
import type { OrderEventEntity } from '../events/order-event.entity.js';
import { OrderEventsRepository } from '../events/order-events.repository.js';
import { PINO_LOGGER } from '../logging/logging.module.js';
import { telemetry } from '../telemetry/telemetry.js';
import {
  WebhookDeliveriesRepository,
  type ClaimedDelivery,
  type DeliveryResult,
} from './webhook-deliveries.repository.js';
import type { WebhookEndpointEntity } from './webhook-endpoint.entity.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import { WebhookMetrics, type WithheldReason } from './webhook-metrics.js';
import { FAILING_DISABLES_AFTER_MS, nextAttemptAfter } from './webhook-retry-schedule.js';
import { CONNECTIONS_PER_ADDRESS, WebhookSender, type SendResult } from './webhook-sender.js';
import { WebhookSigner } from './webhook-signer.js';
import { WebhookTargets } from './webhook-targets.js';

/** Deliveries one instance holds claimed at most (in flight or waiting for a connection). */
export const MAX_HELD = 256;
/**
 * Deliveries claimed at once; an endpoint holding this many is left out of the next claims, so that
 * one endpoint holds at most twice this and a slow one cannot take every place.
 */
const CLAIM_BATCH = 64;
/** Attempts in flight to one endpoint at a time: its connections. */
const MAX_PER_ENDPOINT = CONNECTIONS_PER_ADDRESS;
/** A claim's lease: past the attempt's timeout and the recording of its result. */
export const LEASE_MS = 30_000;
/** How often due deliveries are looked for when nothing of this instance asks sooner. */
export const DISPATCH_POLL_MS = 500;
/** After a failure (the database away): the next try. */
const RETRY_MS = 1_000;
/** A delivery handed back (its endpoint busy, or this instance's own failure) is due after this. */
const DEFER_MS = 1_000;
/** After attempts end with room for more claims: the next claim, shared by those ending meanwhile. */
const CLAIM_AGAIN_MS = 5;
/** Results are recorded together: after this, or once this many wait. */
const RECORD_DELAY_MS = 10;
const RECORD_BATCH = 100;
/** On shutdown, attempts in flight get this long before they are stopped (and released). */
const SHUTDOWN_GRACE_MS = 3_000;

/**
 * Delivers queued webhooks: claims due deliveries with a lease in the database (so that each goes
 * out from one instance), attempts them, and records the results in batches.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger: Logger;
  private readonly instance = randomBytes(12).toString('base64url');
  private claims = 0;
  /** Claimed and not yet done: waiting for a connection or in flight. */
  private held = 0;
  /** Per endpoint: attempts in flight, and claimed deliveries waiting for a connection. */
  private readonly perEndpoint = new Map<bigint, number>();
  private readonly waiting = new Map<bigint, Waiting[]>();
  private readonly attempts = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly loop = new PollingLoop(() => this.pass());
  private stopped = false;
  private failing = false;
  private results: DeliveryResult[] = [];
  private recording?: Promise<void>;
  private recordTimer?: NodeJS.Timeout;
  private recordFailing = false;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly events: OrderEventsRepository,
    private readonly targets: WebhookTargets,
    private readonly signer: WebhookSigner,
    private readonly sender: WebhookSender,
    private readonly metrics: WebhookMetrics,
    private readonly standings: ApiKeyStandings,
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
    await Promise.race([settled, new Promise((wait) => setTimeout(wait, SHUTDOWN_GRACE_MS))]);
    this.stopping.abort();
    await settled;
    clearTimeout(this.recordTimer);
    await this.recording;
    if (this.results.length > 0) await this.record().catch(() => undefined);
  }

  /** Deliveries were queued by this instance: look for them now. */
  wake(): void {
    this.loop.runIn(0);
  }

  /** Claims and starts due deliveries while there is room; resolves to when to look again. */
  private async pass(): Promise<number> {
    try {
      while (!this.stopped && this.held < MAX_HELD) {
        const room = Math.min(CLAIM_BATCH, MAX_HELD - this.held);
        const now = this.now();
        const claimed = await this.deliveries.claim(
          now,
          new Date(now.getTime() + LEASE_MS),
          room,
          `${this.instance}:${++this.claims}`,
          this.saturated(),
        );
        if (claimed.length > 0) await this.start(claimed);
        if (claimed.length < room) break;
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
    this.held += claimed.length;
    const [endpoints, events] = await Promise.all([
      this.endpoints.byIds(unique(claimed.map((claim) => claim.endpointId))),
      this.events.byIds(unique(claimed.map((claim) => claim.eventId))),
    ]).catch((error: unknown) => {
      // Their leases lapse and they come due again.
      this.held -= claimed.length;
      throw error;
    });
    const endpointOf = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    const eventOf = new Map(events.map((event) => [event.id, event]));
    const claimedAt = this.clock.now();
    for (const delivery of claimed) {
      const endpoint = endpointOf.get(delivery.endpointId);
      const event = eventOf.get(delivery.eventId);
      if (!endpoint?.enabled || !event) {
        this.release({ delivery, outcome: 'dropped' });
        continue;
      }
      const queue = this.waiting.get(endpoint.id) ?? [];
      queue.push({ delivery, endpoint, event, claimedAt });
      this.waiting.set(endpoint.id, queue);
    }
    for (const endpointId of unique(claimed.map((claim) => claim.endpointId)))
      this.pump(endpointId);
  }

  /** Starts the endpoint's waiting deliveries while it has a free connection. */
  private pump(endpointId: bigint): void {
    const queue = this.waiting.get(endpointId);
    while (queue && queue.length > 0) {
      if (this.stopped) {
        for (const { delivery } of queue.splice(0))
          this.release({ delivery, outcome: 'deferred', nextAttemptAt: this.now() });
        break;
      }
      const busy = this.perEndpoint.get(endpointId) ?? 0;
      if (busy >= MAX_PER_ENDPOINT) return;
      const { delivery, endpoint, event, claimedAt } = queue.shift()!;
      if (this.clock.now() - claimedAt > LEASE_MS / 2) {
        // Too near its lease's end to be sure of recording a result within it: handed back.
        this.release({ delivery, outcome: 'deferred', nextAttemptAt: this.now() });
        continue;
      }
      this.perEndpoint.set(endpointId, busy + 1);
      const attempt = this.attempt(delivery, endpoint, event).finally(() => {
        this.attempts.delete(attempt);
        this.held--;
        const left = (this.perEndpoint.get(endpointId) ?? 1) - 1;
        if (left === 0) this.perEndpoint.delete(endpointId);
        else this.perEndpoint.set(endpointId, left);
        this.pump(endpointId);
        // Room for more: claim soon, together with the attempts ending meanwhile.
        if (this.held <= MAX_HELD - CLAIM_BATCH && this.heldFor(endpointId) < CLAIM_BATCH)
          this.loop.runIn(CLAIM_AGAIN_MS);
      });
      this.attempts.add(attempt);
    }
    if (queue?.length === 0) this.waiting.delete(endpointId);
  }

  /** Deliveries this instance holds for the endpoint: in flight and waiting. */
  private heldFor(endpointId: bigint): number {
    return (this.perEndpoint.get(endpointId) ?? 0) + (this.waiting.get(endpointId)?.length ?? 0);
  }

  /** Endpoints holding a claim's worth: left out of the next claim. */
  private saturated(): bigint[] {
    return [...this.waiting.keys()].filter((endpointId) => this.heldFor(endpointId) >= CLAIM_BATCH);
  }

  /** A claimed delivery done with without an attempt: its result recorded, its place freed. */
  private release(result: DeliveryResult): void {
    this.held--;
    this.queue(result);
  }

  private async attempt(
    delivery: ClaimedDelivery,
    endpoint: WebhookEndpointEntity,
    event: OrderEventEntity,
  ): Promise<void> {
    // The key's rights now: revoked, expired or removed since it was queued, nothing is sent.
    const verdict = this.verdictOf(endpoint, event);
    if (verdict === 'defer') {
      this.queue({ delivery, outcome: 'deferred', nextAttemptAt: this.now(DEFER_MS) });
      return;
    }
    if (verdict !== 'send') {
      this.metrics.withheld(verdict);
      this.queue({ delivery, outcome: 'dropped' });
      return;
    }
    const at = this.now();
    let sent: SendResult;
    try {
      sent = await this.send(endpoint, event, at, delivery.attempts + 1);
    } catch (error) {
      // Not a receiver's answer: this instance's own failure, so no attempt is counted.
      this.logger.error(
        { endpointId: String(endpoint.id), eventId: String(event.id) },
        `A webhook could not be sent (${messageOf(error)})`,
      );
      this.queue({ delivery, outcome: 'deferred', nextAttemptAt: this.now(DEFER_MS) });
      return;
    }
    if (sent.statusCode === undefined && this.stopping.signal.aborted) {
      // Stopped by the shutdown: released at once for another instance, no attempt counted.
      this.queue({ delivery, outcome: 'deferred', nextAttemptAt: this.now() });
      return;
    }
    const made = delivery.attempts + 1;
    const status = sent.statusCode;
    const result: DeliveryResult = {
      delivery,
      outcome: 'delivered',
      attempt: { at, durationMs: sent.durationMs, statusCode: status, excerpt: sent.excerpt },
    };
    if (status === undefined || status < 200 || status > 299) {
      if (status === 410) {
        result.outcome = 'disabled';
        result.disabledReason = `the receiver answered 410 Gone at ${at.toISOString()}`;
      } else {
        result.nextAttemptAt = nextAttemptAfter(made, at);
        result.outcome = result.nextAttemptAt ? 'retrying' : 'failed';
      }
    }
    this.metrics.attempted(result.outcome);
    this.logger[result.outcome === 'delivered' || result.outcome === 'retrying' ? 'info' : 'warn'](
      {
        endpointId: String(endpoint.id),
        eventId: String(event.id),
        attempt: made,
        status: status ?? null,
        ms: sent.durationMs,
        outcome: result.outcome,
      },
      `webhook attempt ${result.outcome}`,
    );
    this.queue(result);
  }

  /** Whether the endpoint's key, as it stands now, lets this event go to it. */
  private verdictOf(
    endpoint: WebhookEndpointEntity,
    event: OrderEventEntity,
  ): 'send' | 'defer' | WithheldReason {
    const standing = this.standings.standingOf({
      name: endpoint.owner,
      keyId: endpoint.ownerKeyId,
    });
    if (standing.state === 'lost') return standing.reason;
    if (standing.state === 'unknown') return 'defer';
    // Queued while its key was a store key, now a partner's: another's order is not its to see.
    if (standing.kind === ApiKeyKind.PARTNER && event.owner !== endpoint.owner) return 'key_kind';
    return 'send';
  }

  private async send(
    endpoint: WebhookEndpointEntity,
    event: OrderEventEntity,
    at: Date,
    attempt: number,
  ): Promise<SendResult> {
    const verdict = await this.targets.check(endpoint.url);
    if ('refused' in verdict) return { durationMs: 0, excerpt: `not sent: ${verdict.refused}` };
    const body = JSON.stringify(toOrderEventDto(event));
    const secrets = [endpoint.secret];
    if (
      endpoint.previousSecret !== null &&
      endpoint.previousSecretExpiresAt !== null &&
      endpoint.previousSecretExpiresAt > at
    )
      secrets.push(endpoint.previousSecret);
    const headers = this.signer.sign(String(event.id), at, body, secrets);
    const { url } = verdict.target;
    const span = telemetry().startWebhookAttempt({
      endpointId: String(endpoint.id),
      eventId: String(event.id),
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
        this.stopping.signal,
      );
      return sent;
    } finally {
      span.end(sent?.statusCode, sent?.statusCode === undefined ? sent?.excerpt : undefined);
    }
  }

  /** The service's time (a test moves it), `offsetMs` from now. */
  private now(offsetMs = 0): Date {
    return new Date(this.clock.now() + offsetMs);
  }

  private queue(result: DeliveryResult): void {
    this.results.push(result);
    if (this.recordFailing || this.recording || this.recordTimer) return;
    this.recordIn(this.results.length >= RECORD_BATCH ? 0 : RECORD_DELAY_MS);
  }

  private recordIn(delayMs: number): void {
    this.recordTimer = setTimeout(() => {
      this.recordTimer = undefined;
      this.recording = this.record()
        .then(
          () => {
            if (this.recordFailing) this.logger.info('Recording webhook results again.');
            this.recordFailing = false;
          },
          (error: unknown) => {
            if (!this.recordFailing)
              this.logger.warn(
                `Recording webhook results failed (${messageOf(error)}); retrying every second. ` +
                  'A delivery whose result is not recorded within its lease is sent again.',
              );
            this.recordFailing = true;
          },
        )
        .finally(() => {
          this.recording = undefined;
          if (this.results.length > 0 && !this.stopped)
            this.recordIn(this.recordFailing ? RETRY_MS : RECORD_DELAY_MS);
        });
    }, delayMs);
  }

  private async record(): Promise<void> {
    const batch = this.results;
    this.results = [];
    try {
      const disabled = await this.deliveries.record(batch, this.now(-FAILING_DISABLES_AFTER_MS));
      for (const { endpointId, reason, cause } of disabled) {
        this.metrics.endpointDisabled(cause);
        this.logger.warn(
          { endpointId: String(endpointId) },
          `webhook endpoint disabled: ${reason}`,
        );
      }
    } catch (error) {
      this.results = batch.concat(this.results);
      throw error;
    }
  }
}

/** A claimed delivery waiting for one of its endpoint's connections. */
interface Waiting {
  delivery: ClaimedDelivery;
  endpoint: WebhookEndpointEntity;
  event: OrderEventEntity;
  claimedAt: number;
}

function unique(ids: readonly bigint[]): bigint[] {
  return [...new Set(ids)];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
