import { Global, Module } from '@nestjs/common';
import { FixedWindowStorage } from './fixed-window.storage.js';
import { RateLimits } from './rate-limits.js';

/** Per-key and per-address rate limits (RATE_LIMIT per RATE_LIMIT_WINDOW), for every module. */
@Global()
@Module({
  providers: [FixedWindowStorage, RateLimits],
  exports: [RateLimits],
})
export class RateLimitModule {}
