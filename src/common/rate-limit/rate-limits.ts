import { Inject, Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Response } from 'express';
import { WorkerChannel } from '../../cluster/worker-channel.js';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { FAILED_AUTHENTICATION, FAILED_AUTHENTICATION_ADDRESSES_MAX } from './address-limit.js';

/** The storage of the per-address counts: the instance's, or Redis's (rate-limit.module.ts). */
export const ADDRESS_COUNTS = Symbol('ADDRESS_COUNTS');

/** A client past one of its limits until `resetAt` (ms, Date.now()), as its 429 states it. */
export interface LimitReached {
  /** `default` for a key's limit, `failed-authentication` for an address's. */
  policy: string;
  limit: number;
  windowMs: number;
  resetAt: number;
}

/** Past a limit: the headers and the message of its 429, `now` being Date.now(). */
export interface TooMany {
  retryAfter: number;
  headers: Record<string, string>;
  message: string;
}

/** What a limit tells the client, the per-address limit, and the clients past their limit. */
@Injectable()
export class RateLimits {
  private readonly addressLimit: number;
  private readonly addressWindowMs: number;
  /** Addresses past their limit, oldest first: a new one evicts the oldest past the bound. */
  private readonly limitedAddresses = new Map<string, LimitReached>();
  /** Keys past their limit (every /v1 route counts a key against the same limit). */
  private readonly limitedKeys = new Map<string, LimitReached>();
  /** In a cluster worker: what one worker's guard finds, every worker refuses before Express. */
  private readonly channel = WorkerChannel.current();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(ADDRESS_COUNTS) private readonly addressCounts: ThrottlerStorage,
  ) {
    this.addressLimit = config.rateLimit;
    this.addressWindowMs = config.rateLimitWindowSeconds * 1000;
    this.channel?.onKeyLimited(({ keyId, ...reached }) =>
      this.limitedKeys.set(keyId, { policy: 'default', ...reached }),
    );
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
    return new AppException(ErrorCode.RATE_LIMITED, tooManyMessage(retryAfter, why, windowMs), {
      'Retry-After': String(retryAfter),
    });
  }

  /**
   * Counts a request without a valid key against `address`; resolves to the limit it is past, if
   * it is. An address known to be past it is not counted again until its window ends.
   */
  async countFailedAuthentication(
    address: string,
    now = Date.now(),
  ): Promise<LimitReached | undefined> {
    const known = this.limitedAddresses.get(address);
    if (known !== undefined && known.resetAt > now) return known;
    if (known !== undefined) this.limitedAddresses.delete(address);
    const count = await this.addressCounts.increment(
      `${FAILED_AUTHENTICATION}:address:${address}`,
      this.addressWindowMs,
      this.addressLimit,
      0,
      FAILED_AUTHENTICATION,
    );
    if (!count.isBlocked) return undefined;
    const reached: LimitReached = {
      policy: FAILED_AUTHENTICATION,
      limit: this.addressLimit,
      windowMs: this.addressWindowMs,
      resetAt: now + count.timeToExpire * 1000,
    };
    if (this.limitedAddresses.size >= FAILED_AUTHENTICATION_ADDRESSES_MAX)
      this.limitedAddresses.delete(this.limitedAddresses.keys().next().value!);
    this.limitedAddresses.set(address, reached);
    return reached;
  }

  /** The key's limit reached, as the throttler counted it last, while its window lasts. */
  keyLimited(keyId: string, now = Date.now()): LimitReached | undefined {
    if (this.limitedKeys.size === 0) return undefined;
    const reached = this.limitedKeys.get(keyId);
    if (reached === undefined || reached.resetAt > now) return reached;
    this.limitedKeys.delete(keyId);
    return undefined;
  }

  /** The throttler found `keyId` past its limit (the limit of every /v1 route for it). */
  noteKeyLimited(keyId: string, limit: number, windowMs: number, retryAfter: number): void {
    const resetAt = Date.now() + retryAfter * 1000;
    const known = this.keyLimited(keyId) !== undefined;
    this.limitedKeys.set(keyId, { policy: 'default', limit, windowMs, resetAt });
    if (!known) this.channel?.shareKeyLimited({ keyId, limit, windowMs, resetAt });
  }

  /** The 429 of a limit reached: Retry-After, the IETF RateLimit headers and the message. */
  tooManyAnswer(reached: LimitReached, now = Date.now()): TooMany {
    const retryAfter = Math.max(1, Math.ceil((reached.resetAt - now) / 1000));
    const why =
      reached.policy === FAILED_AUTHENTICATION
        ? `this address sent more than ${reached.limit} requests without a valid API key`
        : `this API key made more than ${reached.limit} requests`;
    return {
      retryAfter,
      message: tooManyMessage(retryAfter, why, reached.windowMs),
      headers: {
        'Retry-After': String(retryAfter),
        'RateLimit-Policy': `"${reached.policy}";q=${reached.limit};w=${reached.windowMs / 1000}`,
        RateLimit: `"${reached.policy}";r=0;t=${retryAfter}`,
      },
    };
  }
}

function tooManyMessage(retryAfter: number, why: string, windowMs: number): string {
  return `Too many requests: ${why} in ${windowMs / 1000} s; retry in ${retryAfter} s.`;
}

/** Several named throttlers each add their policy to the same headers (RFC 9651 lists). */
function appendHeader(response: Response, name: string, value: string): void {
  const previous = response.getHeader(name);
  response.setHeader(name, previous === undefined ? value : `${String(previous)}, ${value}`);
}
