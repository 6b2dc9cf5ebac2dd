import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { IdempotencyRepository, PURGE_BATCH } from './idempotency.repository.js';

/** How often expired Idempotency-Key records are deleted, off the request path. */
export const PURGE_INTERVAL_MS = 10 * 60 * 1_000;
const BATCHES_PER_RUN = 20;

@Injectable()
export class IdempotencyPurge {
  private readonly logger = new Logger('Idempotency');

  constructor(private readonly records: IdempotencyRepository) {}

  /** Deletes expired records in short batches; the rest waits for the next run. */
  @Interval(PURGE_INTERVAL_MS)
  async purge(): Promise<number> {
    let purged = 0;
    try {
      for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
        const deleted = await this.records.purgeExpired(new Date());
        purged += deleted;
        if (deleted < PURGE_BATCH) break;
      }
    } catch (error) {
      this.logger.warn(
        `Purging expired Idempotency-Key records failed ` +
          `(${error instanceof Error ? error.message : String(error)}); the next run tries again.`,
      );
    }
    if (purged > 0) this.logger.log(`Purged ${purged} expired Idempotency-Key records.`);
    return purged;
  }
}
