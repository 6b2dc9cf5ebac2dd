import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { FixedWindowStorage } from './fixed-window.storage.js';

/**
 * RATE_LIMIT requests per RATE_LIMIT_WINDOW seconds: per API key once the key is known, and per
 * client address for requests without a valid key, checked before the key is, so a flood of bad
 * keys is refused before it costs a hash. Answers carry the IETF RateLimit-Policy and RateLimit
 * headers; over the limit, 429 RATE_LIMITED with Retry-After.
 */
@Injectable()
export class RateLimits {
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly policy: string;

  constructor(
    private readonly storage: FixedWindowStorage,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limit = config.rateLimit;
    this.windowMs = config.rateLimitWindowSeconds * 1000;
    this.policy = `"default";q=${config.rateLimit};w=${config.rateLimitWindowSeconds}`;
  }

  /** Counts a request of a known key; throws 429 past the limit. */
  countKeyRequest(keyName: string, response: Response): void {
    const { hits, timeToExpire } = this.storage.increment(`key:${keyName}`, this.windowMs);
    this.setHeaders(response, hits, timeToExpire);
    if (hits > this.limit) throw this.tooMany(timeToExpire, `this API key made more than ${this.limit} requests`);
  }

  /** Before the key check: refuses a client address that already sent too many requests without a valid key. */
  refuseBlockedAddress(address: string, response: Response): void {
    const { hits, timeToExpire } = this.storage.peek(`address:${address}`);
    if (hits < this.limit) return;
    this.setHeaders(response, hits, timeToExpire);
    throw this.tooMany(timeToExpire, `this address sent more than ${this.limit} requests without a valid API key`);
  }

  countFailedAuthentication(address: string): void {
    this.storage.increment(`address:${address}`, this.windowMs);
  }

  private setHeaders(response: Response, hits: number, timeToExpire: number): void {
    response.setHeader('RateLimit-Policy', this.policy);
    response.setHeader('RateLimit', `"default";r=${Math.max(0, this.limit - hits)};t=${timeToExpire}`);
  }

  private tooMany(retryAfter: number, why: string): AppException {
    return new AppException(ErrorCode.RATE_LIMITED, `Too many requests: ${why} in ${this.windowMs / 1000} s; retry in ${retryAfter} s.`, {
      'Retry-After': String(retryAfter),
    });
  }
}
