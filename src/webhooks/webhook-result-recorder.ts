import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock } from '../common/time/clock.js';
import { PINO_LOGGER } from '../logging/logging.module.js';
import {
  WebhookDeliveriesRepository,
  type ClaimedDelivery,
  type DeliveryResult,
} from './webhook-deliveries.repository.js';
import { WebhookMetrics } from './webhook-metrics.js';
import { FAILING_DISABLES_AFTER_MS, outcomeOf } from './webhook-retry-schedule.js';
import type { SendResult } from './webhook-sender.js';

/** Results are recorded together: after this, or once this many wait. */
const RECORD_DELAY_MS = 10;
const RECORD_BATCH = 100;
/** After a failure (the database away): the next try. */
const RETRY_MS = 1_000;

/** Records results in batches; while the database is away, keeps them and retries each second. */
@Injectable()
export class WebhookResultRecorder {
  private readonly logger: Logger;
  private results: DeliveryResult[] = [];
  private recording?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private failing = false;
  private stopped = false;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly metrics: WebhookMetrics,
    private readonly clock: Clock,
    @Inject(PINO_LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: 'Webhooks' });
  }

  /** An attempt made: its outcome recorded, counted, and logged (one line per attempt). */
  attempted(delivery: ClaimedDelivery, eventId: string, at: Date, sent: SendResult): void {
    const made = delivery.attempts + 1;
    const status = sent.statusCode;
    const result: DeliveryResult = {
      delivery,
      ...outcomeOf(status, made, at),
      attempt: {
        at,
        durationMs: sent.durationMs,
        connectionWaitMs: sent.connectionWaitMs,
        statusCode: status,
        excerpt: sent.excerpt,
      },
    };
    this.metrics.attempted(result.outcome, sent.connectionWaitMs);
    this.logger[result.outcome === 'delivered' || result.outcome === 'retrying' ? 'info' : 'warn'](
      {
        endpointId: String(delivery.endpointId),
        eventId,
        attempt: made,
        status: status ?? null,
        ms: sent.durationMs,
        waitedMs: sent.connectionWaitMs,
        outcome: result.outcome,
      },
      `webhook attempt ${result.outcome}`,
    );
    this.add(result);
  }

  add(result: DeliveryResult): void {
    this.results.push(result);
    if (this.failing || this.recording || this.timer || this.stopped) return;
    this.recordIn(this.results.length >= RECORD_BATCH ? 0 : RECORD_DELAY_MS);
  }

  /** On shutdown: waits for the batch being recorded, then records what is left, once. */
  async flush(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.recording;
    if (this.results.length > 0) await this.record().catch(() => undefined);
  }

  private recordIn(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.recording = this.record()
        .then(
          () => {
            if (this.failing) this.logger.info('Recording webhook results again.');
            this.failing = false;
          },
          (error: unknown) => {
            if (!this.failing)
              this.logger.warn(
                `Recording webhook results failed (${messageOf(error)}); retrying every second. ` +
                  'A delivery whose result is not recorded within its lease is sent again.',
              );
            this.failing = true;
          },
        )
        .finally(() => {
          this.recording = undefined;
          if (this.results.length > 0 && !this.stopped)
            this.recordIn(this.failing ? RETRY_MS : RECORD_DELAY_MS);
        });
    }, delayMs);
  }

  private async record(): Promise<void> {
    const batch = this.results;
    this.results = [];
    try {
      const disabled = await this.deliveries.record(
        batch,
        new Date(this.clock.now() - FAILING_DISABLES_AFTER_MS),
      );
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
