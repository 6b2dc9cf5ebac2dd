import { Module } from '@nestjs/common';
import { ThrottlerModule, type ThrottlerStorage } from '@nestjs/throttler';
import { WorkerChannel } from '../../cluster/worker-channel.js';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { FixedWindowStorage } from './fixed-window.storage.js';
import { FAILED_AUTHENTICATION_ADDRESSES_MAX } from './address-limit.js';
import { ADDRESS_COUNTS, RateLimits } from './rate-limits.js';
import { SharedRateLimitStorage } from './shared-rate-limit.storage.js';

/** The throttler storage: Redis with REDIS_URL, else the primary's counts, else this process's. */
export const RATE_LIMIT_STORAGE = Symbol('RATE_LIMIT_STORAGE');

const storageProvider = {
  provide: RATE_LIMIT_STORAGE,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => {
    if (config.redisUrl) return new SharedRateLimitStorage(config.redisUrl);
    const channel = WorkerChannel.current();
    return channel && config.workers > 1 ? channel.rateLimits : new FixedWindowStorage();
  },
};

/**
 * The per-address counts of requests without a valid key, counted as the key limits are: in Redis,
 * in the primary (which keeps them apart and bounded), or in this process, bounded.
 */
const addressCountsProvider = {
  provide: ADDRESS_COUNTS,
  inject: [APP_CONFIG, RATE_LIMIT_STORAGE],
  useFactory: (config: AppConfig, storage: ThrottlerStorage) =>
    config.redisUrl || (WorkerChannel.current() && config.workers > 1)
      ? storage
      : new FixedWindowStorage(FAILED_AUTHENTICATION_ADDRESSES_MAX),
};

/** The storage instances, for the throttler, the address limit and /metrics (closed with the app). */
@Module({
  providers: [storageProvider, addressCountsProvider],
  exports: [RATE_LIMIT_STORAGE, ADDRESS_COUNTS],
})
class RateLimitStorageModule {}

/** @nestjs/throttler with one throttler, "default", per key; in Redis with REDIS_URL. */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [APP_CONFIG, RATE_LIMIT_STORAGE],
      useFactory: (config: AppConfig, storage: ThrottlerStorage) => ({
        throttlers: [
          { name: 'default', limit: config.rateLimit, ttl: config.rateLimitWindowSeconds * 1000 },
        ],
        storage,
      }),
    }),
    RateLimitStorageModule,
  ],
  providers: [RateLimits],
  exports: [RateLimits, RateLimitStorageModule],
})
export class RateLimitModule {}
