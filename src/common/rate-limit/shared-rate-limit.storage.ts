import { once } from 'node:events';
import { Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { Redis } from 'ioredis';
import { FixedWindowStorage, type ThrottlerStorageRecord } from './fixed-window.storage.js';
import { waitAtMost } from '../time/wait-at-most.js';

/** How long a count may take in Redis before this instance counts the request itself. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
const ERROR_LOG_INTERVAL_MS = 30_000;

/** Counters in Redis for all instances; when Redis fails, this instance counts alone. */
export class SharedRateLimitStorage implements ThrottlerStorage, OnModuleInit, OnModuleDestroy {
  /** Counts that could not be made in Redis; for /metrics. */
  failures = 0;
  /** Whether the last count reached Redis; for /metrics. */
  up = true;
  private readonly redis: Redis;
  private readonly shared: ThrottlerStorageRedisService;
  private readonly local = new FixedWindowStorage();
  private readonly logger = new Logger('RateLimit');
  private lastLoggedAt = 0;

  constructor(url: string) {
    this.redis = new Redis(url, {
      // Fail at once while disconnected instead of queueing: the request is counted here meanwhile.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1_000,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
      keyPrefix: 'petstore:',
    });
    this.redis.on('error', (error: Error) => this.unreachable(error));
    this.redis.on('ready', () => this.recovered());
    this.shared = new ThrottlerStorageRedisService(this.redis);
  }

  /** Waits up to a second at start-up, so the first requests are counted in Redis too. */
  async onModuleInit(): Promise<void> {
    if (this.redis.status === 'ready') return;
    await waitAtMost(once(this.redis, 'ready'), 1_000);
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    try {
      const count = await this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
      this.recovered();
      return count;
    } catch (error) {
      this.failures++;
      this.unreachable(error);
      return this.local.increment(key, ttl, limit);
    }
  }

  private unreachable(error: unknown): void {
    const now = Date.now();
    if (this.up || now - this.lastLoggedAt >= ERROR_LOG_INTERVAL_MS) {
      this.lastLoggedAt = now;
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.error(
        `Redis does not answer (${reason}); rate limits are counted in this instance until it does.`,
      );
    }
    this.up = false;
  }

  private recovered(): void {
    if (this.up) return;
    this.up = true;
    this.logger.log('Redis answers again; rate limits are shared again.');
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
