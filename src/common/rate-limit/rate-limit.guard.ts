import { Injectable, type ExecutionContext } from '@nestjs/common';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import {
  THROTTLER_BLOCK_DURATION,
  THROTTLER_KEY_GENERATOR,
  THROTTLER_LIMIT,
  THROTTLER_SKIP,
  THROTTLER_TRACKER,
  THROTTLER_TTL,
} from '@nestjs/throttler/dist/throttler.constants.js';
import type { Response } from 'express';
import type { AuthenticatedRequest } from '../auth/api-key.guard.js';
import { RouteMetadataReflector } from '../memo/route-metadata.js';
import {
  countsSynchronously,
  type SynchronousThrottlerStorage,
  type ThrottlerStorageRecord,
} from './fixed-window.storage.js';
import { RateLimits } from './rate-limits.js';

type ThrottlerRequest = Parameters<ThrottlerGuard['handleRequest']>[0];

/** One named throttler's settings for a route, when all are plain numbers. */
interface PlainThrottle {
  name: string;
  limit: number;
  ttl: number;
  blockDuration: number;
}

/**
 * @nestjs/throttler's guard, after ApiKeyGuard: each named throttler counts requests per API key
 * (across all routes, not per route), and answers with the IETF RateLimit headers and this
 * service's 429 instead of throttler's X-RateLimit headers and its own error. @SkipThrottle()
 * and @Throttle() work as throttler documents them. Requests without a key (public routes) are
 * not counted here.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  /**
   * The storage, when it counts synchronously and neither the module's options nor a throttler's
   * customise what the synchronous path assumes (skipIf, tracker, key); otherwise undefined, and
   * throttler's path always.
   */
  private readonly synchronousCounter?: SynchronousThrottlerStorage;

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: RouteMetadataReflector,
    private readonly rateLimits: RateLimits,
  ) {
    // Throttler's metadata read once per route, not six lookups a request (bench/README.md).
    super(options, storage, reflector);
    const throttlers = Array.isArray(options) ? options : options.throttlers;
    const customised =
      (!Array.isArray(options) && customisesCounting(options)) ||
      throttlers.some(customisesCounting);
    if (!customised && countsSynchronously(storage)) this.synchronousCounter = storage;
  }

  /**
   * Throttler's canActivate awaits eight times a request although, with this process's counters and
   * plain settings, every answer is at hand (1.5 to 4 µs per getPet, bench/README.md). Then its
   * decisions are taken here without a promise, as it takes them; Redis, a setting given as a
   * function, a custom tracker, key or skipIf go through throttler's own canActivate.
   */
  // @ts-expect-error throttler declares Promise<boolean>; a Nest guard may answer a boolean (CanActivate), as this one does when it can.
  override canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    // Requests without a key (public routes) are not counted, on either path.
    if (request.apiKey === undefined) return true;
    const counter = this.synchronousCounter;
    const throttles = counter && this.plainThrottles(context);
    if (counter === undefined || throttles === undefined) return super.canActivate(context);
    const response = http.getResponse<Response>();
    for (const { name, limit: routeLimit, ttl, blockDuration } of throttles) {
      const limit = request.apiKey.rateLimit ?? routeLimit;
      this.answer(
        response,
        name,
        limit,
        ttl,
        counter.incrementNow(
          rateLimitKey(name, request.apiKey.id),
          ttl,
          limit,
          blockDuration,
          name,
        ),
      );
    }
    return true;
  }

  protected override getTracker(request: AuthenticatedRequest): Promise<string> {
    // The key's id, not its name: the same on every instance whatever API_KEYS calls it (counters may be shared in Redis).
    return Promise.resolve(request.apiKey!.id);
  }

  protected override generateKey(
    _context: ExecutionContext,
    tracker: string,
    throttlerName: string,
  ): string {
    return rateLimitKey(throttlerName, tracker);
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
    this.answer(
      http.getResponse<Response>(),
      name,
      limit,
      ttl,
      await this.storageService.increment(key, ttl, limit, blockDuration, name),
    );
    return true;
  }

  /** The RateLimit headers of a count, and the 429 once it is past the limit. */
  private answer(
    response: Response,
    name: string,
    limit: number,
    ttl: number,
    count: ThrottlerStorageRecord,
  ): void {
    this.rateLimits.setHeaders(response, name, limit, ttl, count.totalHits, count.timeToExpire);
    if (count.isBlocked)
      throw this.rateLimits.tooMany(
        count.timeToBlockExpire,
        `this API key made more than ${limit} requests`,
        ttl,
      );
  }

  /**
   * The route's settings of each throttler it is not skipped for, as throttler's canActivate reads
   * them; undefined when one is not a plain number or the route sets its own tracker or key.
   */
  private plainThrottles(context: ExecutionContext): PlainThrottle[] | undefined {
    const targets = [context.getHandler(), context.getClass()];
    const setting = (key: string, throttler: string): unknown =>
      this.reflector.getAllAndOverride<unknown>(key + throttler, targets);
    const throttles: PlainThrottle[] = [];
    for (const throttler of this.throttlers) {
      const name = throttler.name!;
      if (setting(THROTTLER_SKIP, name)) continue;
      if (setting(THROTTLER_TRACKER, name) || setting(THROTTLER_KEY_GENERATOR, name))
        return undefined;
      const limit = setting(THROTTLER_LIMIT, name) ?? throttler.limit;
      const ttl = setting(THROTTLER_TTL, name) ?? throttler.ttl;
      const blockDuration =
        setting(THROTTLER_BLOCK_DURATION, name) ?? throttler.blockDuration ?? ttl;
      if (!isPlainNumber(limit) || !isPlainNumber(ttl) || !isPlainNumber(blockDuration))
        return undefined;
      throttles.push({ name, limit, ttl, blockDuration });
    }
    return throttles;
  }
}

/** Whether options (the module's, or one throttler's) set what the synchronous path assumes: skipIf, the tracker or the key. */
function customisesCounting(
  options: Pick<ThrottlerOptions, 'skipIf' | 'getTracker' | 'generateKey'>,
): boolean {
  return (options.skipIf ?? options.getTracker ?? options.generateKey) !== undefined;
}

/** The counter of a key's requests under a named throttler: by the key's id, across all routes. */
function rateLimitKey(throttlerName: string, keyId: string): string {
  return `${throttlerName}:key:${keyId}`;
}

/** What throttler's canActivate takes as it is; anything else (a function, a numeric string) is left to it. */
function isPlainNumber(value: unknown): value is number {
  return typeof value === 'number' && !Number.isNaN(value);
}
