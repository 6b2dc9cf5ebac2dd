import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { FixedWindowStorage } from './fixed-window.storage.js';
import { RateLimits } from './rate-limits.js';

/**
 * Rate limits for every module: @nestjs/throttler with one named throttler, "default" (RATE_LIMIT
 * requests per RATE_LIMIT_WINDOW seconds per API key), on a fixed-window storage. RateLimitGuard
 * (registered as APP_GUARD after ApiKeyGuard) applies it.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        throttlers: [{ name: 'default', limit: config.rateLimit, ttl: config.rateLimitWindowSeconds * 1000 }],
        storage: new FixedWindowStorage(),
      }),
    }),
  ],
  providers: [RateLimits],
  exports: [RateLimits],
})
export class RateLimitModule {}
