import { Module } from '@nestjs/common';
import { ThrottlerModule, type ThrottlerStorage } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { FixedWindowStorage } from './fixed-window.storage.js';
import { RateLimits } from './rate-limits.js';
import { SharedRateLimitStorage } from './shared-rate-limit.storage.js';

/** The throttler storage: Redis shared by all instances when REDIS_URL is set, else this process's counters. */
export const RATE_LIMIT_STORAGE = Symbol('RATE_LIMIT_STORAGE');

const storageProvider = {
  provide: RATE_LIMIT_STORAGE,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) =>
    config.redisUrl ? new SharedRateLimitStorage(config.redisUrl) : new FixedWindowStorage(),
};

/** The one storage instance, for the throttler and for /metrics (closed with the app). */
@Module({ providers: [storageProvider], exports: [RATE_LIMIT_STORAGE] })
class RateLimitStorageModule {}

/**
 * Rate limits for every module: @nestjs/throttler with one named throttler, "default" (RATE_LIMIT
 * requests per RATE_LIMIT_WINDOW seconds per API key), on a fixed-window storage, in Redis with
 * REDIS_URL. RateLimitGuard (registered as APP_GUARD after ApiKeyGuard) applies it.
 */
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
