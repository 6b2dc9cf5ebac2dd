import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { APP_CONFIG, BEARER_TOKEN, type AppConfig } from '../../config/app.config.js';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { ApiKeyVerifier } from './api-key.verifier.js';
import { IS_PUBLIC } from './public.decorator.js';

const REALM = 'Bearer realm="petstore"';

/** A request the guard let through: apiKeyName names the key it carried. */
export type AuthenticatedRequest = Request & { apiKeyName?: string };
// RFC 9110: the scheme name is case-insensitive; one or more spaces separate it from the token.
const BEARER_CREDENTIALS = /^Bearer(?: +(.*))?$/i;

/** Global guard: every route needs "Authorization: Bearer <key>" unless marked @Public(). */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly verifier: ApiKeyVerifier;
  // @Public() is fixed per handler: read the metadata once, not on every request.
  private readonly publicHandlers = new WeakMap<object, boolean>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.verifier = new ApiKeyVerifier(config.apiKeys);
  }

  canActivate(context: ExecutionContext): boolean {
    if (this.isPublic(context)) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const header = request.headers.authorization;
    const token = header === undefined ? undefined : BEARER_CREDENTIALS.exec(header)?.[1]?.trim();
    if (!token) {
      throw new AppException(ErrorCode.UNAUTHORIZED, 'An API key is required: send it as "Authorization: Bearer <key>".', {
        'WWW-Authenticate': REALM,
      });
    }
    const name = BEARER_TOKEN.test(token) ? this.verifier.match(token) : undefined;
    if (name === undefined) {
      throw new AppException(ErrorCode.UNAUTHORIZED, 'The API key is not valid.', {
        'WWW-Authenticate': `${REALM}, error="invalid_token", error_description="The API key is not valid"`,
      });
    }
    // For the request log line: which key, never the key.
    (request as AuthenticatedRequest).apiKeyName = name;
    return true;
  }

  private isPublic(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let open = this.publicHandlers.get(handler);
    if (open === undefined) {
      open = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, context.getClass()]) === true;
      this.publicHandlers.set(handler, open);
    }
    return open;
  }
}
