import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { FixedWindowStorage } from './fixed-window.storage.js';

/** Client addresses with a failed-authentication window at once; about 150 bytes each. */
export const FAILED_AUTHENTICATION_ADDRESSES_MAX = 10_000;

/** What a limit tells the client, and the per-address limit on failed authentication. */
@Injectable()
export class RateLimits implements OnModuleDestroy {
  private readonly addressLimit: number;
  private readonly addressWindowMs: number;
  private readonly failures = new FixedWindowStorage(FAILED_AUTHENTICATION_ADDRESSES_MAX);

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.addressLimit = config.rateLimit;
    this.addressWindowMs = config.rateLimitWindowSeconds * 1000;
  }

  /** The RateLimit-Policy and RateLimit headers of a throttler's count. */
  setHeaders(
    response: Response,
    policy: string,
    limit: number,
    windowMs: number,
    hits: number,
    timeToExpire: number,
  ): void {
    appendHeader(response, 'RateLimit-Policy', `"${policy}";q=${limit};w=${windowMs / 1000}`);
    appendHeader(
      response,
      'RateLimit',
      `"${policy}";r=${Math.max(0, limit - hits)};t=${timeToExpire}`,
    );
  }

  tooMany(retryAfter: number, why: string, windowMs: number): AppException {
    return new AppException(
      ErrorCode.RATE_LIMITED,
      `Too many requests: ${why} in ${windowMs / 1000} s; retry in ${retryAfter} s.`,
      {
        'Retry-After': String(retryAfter),
      },
    );
  }

  /** Counts a request without a valid key against its address; 429 past the limit. */
  countFailedAuthentication(address: string, response: Response): void {
    const { hits, timeToExpire } = this.failures.hit(address, this.addressWindowMs);
    if (hits <= this.addressLimit) return;
    this.setHeaders(
      response,
      'default',
      this.addressLimit,
      this.addressWindowMs,
      hits,
      timeToExpire,
    );
    throw this.tooMany(
      timeToExpire,
      `this address sent more than ${this.addressLimit} requests without a valid API key`,
      this.addressWindowMs,
    );
  }

  /** Addresses with a failed-authentication window; for tests of the bound. */
  get failedAuthenticationAddresses(): number {
    return this.failures.size;
  }

  onModuleDestroy(): void {
    this.failures.onModuleDestroy();
  }
}

/** Several named throttlers each add their policy to the same headers (RFC 9651 lists). */
function appendHeader(response: Response, name: string, value: string): void {
  const previous = response.getHeader(name);
  response.setHeader(name, previous === undefined ? value : `${String(previous)}, ${value}`);
}
