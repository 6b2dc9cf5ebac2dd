import { Inject, Injectable } from '@nestjs/common';
import { InjectThrottlerStorage } from '@nestjs/throttler';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { FixedWindowStorage } from './fixed-window.storage.js';

/**
 * What a rate limit tells the client: the IETF RateLimit-Policy and RateLimit headers on every
 * answer to a key, and 429 RATE_LIMITED with Retry-After past the limit. Also the per-address limit
 * for requests without a valid key, checked before the key is, so a flood of bad keys is refused
 * before it costs a hash; it shares the throttler's storage.
 */
@Injectable()
export class RateLimits {
  private readonly addressLimit: number;
  private readonly addressWindowMs: number;

  constructor(
    @InjectThrottlerStorage() private readonly storage: FixedWindowStorage,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.addressLimit = config.rateLimit;
    this.addressWindowMs = config.rateLimitWindowSeconds * 1000;
  }

  /** Sets the headers of a throttler's count: the policy (`q` requests per `w` seconds) and what is left. */
  setHeaders(response: Response, policy: string, limit: number, windowMs: number, hits: number, timeToExpire: number): void {
    appendHeader(response, 'RateLimit-Policy', `"${policy}";q=${limit};w=${windowMs / 1000}`);
    appendHeader(response, 'RateLimit', `"${policy}";r=${Math.max(0, limit - hits)};t=${timeToExpire}`);
  }

  tooMany(retryAfter: number, why: string, windowMs: number): AppException {
    return new AppException(ErrorCode.RATE_LIMITED, `Too many requests: ${why} in ${windowMs / 1000} s; retry in ${retryAfter} s.`, {
      'Retry-After': String(retryAfter),
    });
  }

  /** Before the key check: refuses a client address that already sent too many requests without a valid key. */
  refuseBlockedAddress(address: string, response: Response): void {
    const { hits, timeToExpire } = this.storage.peek(`address:${address}`);
    if (hits < this.addressLimit) return;
    this.setHeaders(response, 'default', this.addressLimit, this.addressWindowMs, hits, timeToExpire);
    throw this.tooMany(timeToExpire, `this address sent more than ${this.addressLimit} requests without a valid API key`, this.addressWindowMs);
  }

  countFailedAuthentication(address: string): void {
    this.storage.hit(`address:${address}`, this.addressWindowMs);
  }
}

/** Several named throttlers each add their policy to the same headers (RFC 9651 lists). */
function appendHeader(response: Response, name: string, value: string): void {
  const previous = response.getHeader(name);
  response.setHeader(name, previous === undefined ? value : `${String(previous)}, ${value}`);
}
