import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsService } from '../metrics/metrics.service.js';
import { EventsRepository } from './events.repository.js';

/** The feed's lag in /metrics: how long a committed change has waited for its event id. */
@Injectable()
export class EventFeedMetrics {
  constructor(metrics: MetricsService, events: EventsRepository) {
    if (!metrics.enabled) return;
    new Gauge({
      name: 'event_feed_lag_seconds',
      help:
        'Age of the oldest committed change still without its event id (not yet in the feed); 0 ' +
        'when none waits, NaN when the database does not answer.',
      registers: [metrics.registry],
      async collect() {
        const oldest = await events.oldestUnsequenced().catch(() => null);
        if (oldest === null) this.set(NaN);
        else
          this.set(oldest === undefined ? 0 : Math.max(0, (Date.now() - oldest.getTime()) / 1_000));
      },
    });
  }
}
