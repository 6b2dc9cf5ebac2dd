import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { PRUNE_BATCH, WebhookEndpointsRepository } from './webhook-endpoints.repository.js';

/** How often each endpoint's attempts beyond the newest 100 are deleted, off the request path. */
export const ATTEMPTS_PRUNE_INTERVAL_MS = 60_000;
/** Statements of one endpoint in one run; the rest waits for the next run. */
const BATCHES_PER_ENDPOINT = 20;

@Injectable()
export class WebhookAttemptsPruning {
  private readonly logger = new Logger('Webhooks');

  constructor(private readonly endpoints: WebhookEndpointsRepository) {}

  /** Keeps each endpoint's newest attempts, deleting older ones in bounded batches. */
  @Interval(ATTEMPTS_PRUNE_INTERVAL_MS)
  async prune(): Promise<number> {
    let pruned = 0;
    try {
      for (const endpointId of await this.endpoints.ids())
        for (let batch = 0; batch < BATCHES_PER_ENDPOINT; batch++) {
          const deleted = await this.endpoints.pruneAttempts(endpointId);
          pruned += deleted;
          if (deleted < PRUNE_BATCH) break;
        }
    } catch (error) {
      this.logger.warn(
        'Pruning webhook attempts failed ' +
          `(${error instanceof Error ? error.message : String(error)}); the next run tries again.`,
      );
    }
    return pruned;
  }
}
