import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { LostKeyReason } from '../api-keys/api-key-standings.js';
import { MetricsService } from '../metrics/metrics.service.js';
import type { DeliveryOutcome } from './webhook-deliveries.repository.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';

/** Why a queued delivery was not sent: its key was lost, or became a partner key's. */
export type WithheldReason = LostKeyReason | 'key_kind';
const WITHHELD_REASONS: readonly WithheldReason[] = [
  'key_revoked',
  'key_expired',
  'key_removed',
  'key_kind',
];

/** Why an endpoint was disabled: a 410, 5 days failing, or its key lost. */
export type DisabledReason = 'gone' | 'failing' | LostKeyReason;
const DISABLED_REASONS: readonly DisabledReason[] = [
  'gone',
  'failing',
  'key_revoked',
  'key_expired',
  'key_removed',
];

/** Webhook series in /metrics: attempts by outcome, the oldest undelivered event, disabled ones. */
@Injectable()
export class WebhookMetrics {
  private readonly attempts?: Counter<'outcome'>;
  private readonly disabled?: Counter<'reason'>;
  private readonly withheldDeliveries?: Counter<'reason'>;
  private readonly connectionWaits?: Histogram;

  constructor(
    metrics: MetricsService,
    deliveries: WebhookDeliveriesRepository,
    endpoints: WebhookEndpointsRepository,
  ) {
    if (!metrics.enabled) return;
    const registers = [metrics.registry];
    this.attempts = new Counter({
      name: 'webhook_deliveries_total',
      help:
        'Webhook delivery attempts, by outcome: delivered (2xx), retrying (failed, tried again ' +
        'later), failed (the last try failed), disabled (a 410 disabled the endpoint).',
      labelNames: ['outcome'] as const,
      registers,
    });
    for (const outcome of ['delivered', 'retrying', 'failed', 'disabled'])
      this.attempts.inc({ outcome }, 0);
    this.disabled = new Counter({
      name: 'webhook_endpoints_disabled_total',
      help:
        'Webhook endpoints this instance disabled, by reason: gone (a 410), failing (5 days ' +
        'without a success), key_revoked, key_expired, key_removed (its key lost).',
      labelNames: ['reason'] as const,
      registers,
    });
    for (const reason of DISABLED_REASONS) this.disabled.inc({ reason }, 0);
    this.withheldDeliveries = new Counter({
      name: 'webhook_deliveries_withheld_total',
      help:
        'Queued webhook deliveries dropped unsent because of their endpoint key: key_revoked, ' +
        'key_expired, key_removed (the key lost), key_kind (now a partner key, not its order).',
      labelNames: ['reason'] as const,
      registers,
    });
    for (const reason of WITHHELD_REASONS) this.withheldDeliveries.inc({ reason }, 0);
    this.connectionWaits = new Histogram({
      name: 'webhook_connection_wait_seconds',
      help:
        "How long webhook attempts waited for one of their owner's connections to the receiver's " +
        "address, apart from the receiver's own time.",
      buckets: [0.005, 0.05, 0.25, 1, 5, 15, 60],
      registers,
    });
    new Gauge({
      name: 'webhook_endpoints_disabled',
      help: 'Webhook endpoints disabled now (by a 410, 5 days of failures, or their owner).',
      registers,
      async collect() {
        // The database away: NaN, never the last figure as if current.
        this.set(await endpoints.countDisabled().catch(() => NaN));
      },
    });
    new Gauge({
      name: 'webhook_oldest_undelivered_seconds',
      help:
        'Age of the oldest event still to deliver to an enabled endpoint (retries included); 0 ' +
        'when none is.',
      registers,
      async collect() {
        const oldest = await deliveries.oldestUndelivered().catch(() => null);
        if (oldest === null) this.set(NaN);
        else
          this.set(oldest === undefined ? 0 : Math.max(0, (Date.now() - oldest.getTime()) / 1_000));
      },
    });
  }

  attempted(outcome: DeliveryOutcome, connectionWaitMs: number): void {
    this.attempts?.inc({ outcome });
    this.connectionWaits?.observe(connectionWaitMs / 1_000);
  }

  endpointDisabled(reason: DisabledReason): void {
    this.disabled?.inc({ reason });
  }

  withheld(reason: WithheldReason): void {
    this.withheldDeliveries?.inc({ reason });
  }
}
