import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, BEARER_TOKEN, type AppConfig } from '../../config/app.config.js';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { RateLimits } from '../rate-limit/rate-limits.js';
import { ApiKeyVerifier } from './api-key.verifier.js';
import { PublicRoutes } from './public-routes.js';

const REALM = 'Bearer realm="petstore"';

/** A request the guard let through: apiKeyName names the key it carried. */
export type AuthenticatedRequest = Request & { apiKeyName?: string };

// RFC 9110: the scheme name is case-insensitive; one or more spaces separate it from the token.
const BEARER_CREDENTIALS = /^Bearer(?: +(.*))?$/i;

/**
 * Global guard: every route needs "Authorization: Bearer <key>" unless marked @Public(). An
 * address that sent too many requests without a valid key is refused before its key is checked.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly verifier: ApiKeyVerifier;

  constructor(
    private readonly publicRoutes: PublicRoutes,
    private readonly rateLimits: RateLimits,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.verifier = new ApiKeyVerifier(config.apiKeys);
  }

  canActivate(context: ExecutionContext): boolean {
    if (this.publicRoutes.isPublic(context)) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    const address = request.ip ?? 'unknown';
    this.rateLimits.refuseBlockedAddress(address, http.getResponse<Response>());
    const header = request.headers.authorization;
    const token = header === undefined ? undefined : BEARER_CREDENTIALS.exec(header)?.[1]?.trim();
    if (!token) {
      this.rateLimits.countFailedAuthentication(address);
      throw new AppException(ErrorCode.UNAUTHORIZED, 'An API key is required: send it as "Authorization: Bearer <key>".', {
        'WWW-Authenticate': REALM,
      });
    }
    const name = BEARER_TOKEN.test(token) ? this.verifier.match(token) : undefined;
    if (name === undefined) {
      this.rateLimits.countFailedAuthentication(address);
      throw new AppException(ErrorCode.UNAUTHORIZED, 'The API key is not valid.', {
        'WWW-Authenticate': `${REALM}, error="invalid_token", error_description="The API key is not valid"`,
      });
    }
    // For the request log line: which key, never the key.
    request.apiKeyName = name;
    return true;
  }
}
