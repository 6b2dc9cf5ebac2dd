import { Injectable, type ExecutionContext } from '@nestjs/common';
import { InjectThrottlerOptions, InjectThrottlerStorage, ThrottlerGuard, type ThrottlerModuleOptions, type ThrottlerStorage } from '@nestjs/throttler';
import type { Response } from 'express';
import type { AuthenticatedRequest } from '../auth/api-key.guard.js';
import { RouteMetadataReflector } from '../memo/route-metadata.js';
import { RateLimits } from './rate-limits.js';

type ThrottlerRequest = Parameters<ThrottlerGuard['handleRequest']>[0];

/**
 * @nestjs/throttler's guard, after ApiKeyGuard: each named throttler counts requests per API key
 * (across all routes, not per route), and answers with the IETF RateLimit headers and this
 * service's 429 instead of throttler's X-RateLimit headers and its own error. @SkipThrottle()
 * and @Throttle() work as throttler documents them. Requests without a key (public routes) are
 * not counted here.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: RouteMetadataReflector,
    private readonly rateLimits: RateLimits,
  ) {
    // Throttler's metadata read once per route, not six lookups a request (bench/README.md).
    super(options, storage, reflector);
  }

  protected override shouldSkip(context: ExecutionContext): Promise<boolean> {
    return Promise.resolve(context.switchToHttp().getRequest<AuthenticatedRequest>().apiKey === undefined);
  }

  protected override getTracker(request: AuthenticatedRequest): Promise<string> {
    // The key's id, not its name: the same on every instance whatever API_KEYS calls it (counters may be shared in Redis).
    return Promise.resolve(request.apiKey!.id);
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `${throttlerName}:key:${tracker}`;
  }

  protected override async handleRequest({
    context,
    limit: defaultLimit,
    ttl,
    throttler,
    blockDuration,
    getTracker,
    generateKey,
  }: ThrottlerRequest): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    const name = throttler.name ?? 'default';
    // An issued key may carry its own limit (npm run keys -- create --rate-limit N).
    const limit = request.apiKey?.rateLimit ?? defaultLimit;
    const key = generateKey(context, await getTracker(request, context), name);
    const { totalHits, timeToExpire, isBlocked, timeToBlockExpire } = await this.storageService.increment(key, ttl, limit, blockDuration, name);
    this.rateLimits.setHeaders(http.getResponse<Response>(), name, limit, ttl, totalHits, timeToExpire);
    if (isBlocked) throw this.rateLimits.tooMany(timeToBlockExpire, `this API key made more than ${limit} requests`, ttl);
    return true;
  }
}
