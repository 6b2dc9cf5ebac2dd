import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { EventsRepository, PURGE_BATCH } from './events.repository.js';

/** How often events older than EVENTS_RETENTION_DAYS are deleted, off the request path. */
export const EVENTS_PURGE_INTERVAL_MS = 10 * 60 * 1_000;
const BATCHES_PER_RUN = 20;
const DAY_MS = 24 * 60 * 60 * 1_000;

@Injectable()
export class EventRetention {
  private readonly logger = new Logger('Events');

  constructor(
    private readonly events: EventsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Deletes expired events oldest first in bounded batches; the rest waits for the next run. */
  @Interval(EVENTS_PURGE_INTERVAL_MS)
  async purge(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.eventsRetentionDays * DAY_MS);
    let purged = 0;
    try {
      for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
        const deleted = await this.events.purgeBefore(cutoff);
        purged += deleted;
        if (deleted < PURGE_BATCH) break;
      }
    } catch (error) {
      this.logger.warn(
        `Purging expired events failed ` +
          `(${error instanceof Error ? error.message : String(error)}); the next run tries again.`,
      );
    }
    if (purged > 0) this.logger.log(`Purged ${purged} events older than ${cutoff.toISOString()}.`);
    return purged;
  }
}
