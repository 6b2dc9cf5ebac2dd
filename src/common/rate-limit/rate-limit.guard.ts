import { Injectable, type ExecutionContext } from '@nestjs/common';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { Response } from 'express';
import type { AuthenticatedRequest } from '../auth/api-key.guard.js';
import { RouteMetadataReflector } from '../memo/route-metadata.js';
import { RateLimits } from './rate-limits.js';

/** @nestjs/throttler's guard, counting per key across routes, with IETF RateLimit headers. */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: RouteMetadataReflector,
    private readonly rateLimits: RateLimits,
  ) {
    super(options, storage, reflector);
  }

  protected override shouldSkip(context: ExecutionContext): Promise<boolean> {
    return Promise.resolve(
      context.switchToHttp().getRequest<AuthenticatedRequest>().apiKey === undefined,
    );
  }

  // The key's id, not its name: the same on every instance whatever API_KEYS calls it.
  protected override getTracker(request: AuthenticatedRequest): Promise<string> {
    return Promise.resolve(request.apiKey!.id);
  }

  protected override generateKey(
    _context: ExecutionContext,
    tracker: string,
    throttlerName: string,
  ): string {
    return `${throttlerName}:key:${tracker}`;
  }

  /** Throttler's own handleRequest, with the key's own limit and the IETF headers. */
  protected override async handleRequest({
    context,
    limit: routeLimit,
    ttl,
    throttler,
    blockDuration,
    getTracker,
    generateKey,
  }: ThrottlerRequest): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    const userAgent = request.headers['user-agent'] ?? '';
    const ignoreUserAgents = throttler.ignoreUserAgents ?? this.commonOptions.ignoreUserAgents;
    if (ignoreUserAgents?.some((pattern) => pattern.test(userAgent))) return true;
    const name = throttler.name ?? 'default';
    // An issued key may carry its own limit (npm run keys -- create --rate-limit N).
    const limit = request.apiKey?.rateLimit ?? routeLimit;
    const tracker = await getTracker(request, context);
    const key = generateKey(context, tracker, name);
    const count = await this.storageService.increment(key, ttl, limit, blockDuration, name);
    if (throttler.setHeaders ?? this.commonOptions.setHeaders ?? true) {
      const response = http.getResponse<Response>();
      this.rateLimits.setHeaders(response, name, limit, ttl, count.totalHits, count.timeToExpire);
    }
    if (count.isBlocked) {
      // The admission listener refuses this key's next requests before Express while the window
      // lasts: where its limit is the same on every route (its own, or the default one).
      if (request.apiKey?.rateLimit !== undefined || this.isDefaultLimit(routeLimit, ttl))
        this.rateLimits.noteKeyLimited(tracker, limit, ttl, count.timeToBlockExpire);
      await this.throwThrottlingException(context, { ...count, limit, ttl, key, tracker });
    }
    return true;
  }

  /** Whether a route's limit is the module's default one (no @Throttle of its own). */
  private isDefaultLimit(limit: number, ttl: number): boolean {
    const [defaults] = Array.isArray(this.options) ? this.options : this.options.throttlers;
    return limit === defaults.limit && ttl === defaults.ttl;
  }

  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const { errorMessage } = Array.isArray(this.options) ? {} : this.options;
    const why = errorMessage
      ? await this.getErrorMessage(context, detail)
      : `this API key made more than ${detail.limit} requests`;
    throw this.rateLimits.tooMany(detail.timeToBlockExpire, why, detail.ttl);
  }
}
