import type { IncomingMessage } from 'node:http';
import { CanActivate, ExecutionContext, Inject, Injectable, Optional } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request } from 'express';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import {
  ApiKeyVerifier,
  PresentedKeyDigests,
  STORED_API_KEYS,
  type ApiKeyIdentity,
  type StoredApiKeyLookup,
} from './api-key.verifier.js';
import { BEARER_TOKEN, type AuthConfigService } from './auth.config.js';
import { PublicRoutes } from './public-routes.js';

const REALM = 'Bearer realm="petstore"';

/** A valid key as the guard found it: name, id, scope, kind, and its own rate limit if any. */
export type ValidApiKey = ApiKeyIdentity & { rateLimit?: number };

/** A request the guard looked at, with its valid key and whether its scope was refused. */
export type AuthenticatedRequest = Request & {
  apiKey?: ValidApiKey;
  keyChecked?: true;
  scopeRefused?: true;
};

// RFC 9110: the scheme name is case-insensitive; one or more spaces separate it from the token.
const BEARER_CREDENTIALS = /^Bearer(?: +(.*))?$/i;

/** What a request presented: its bearer token, if any, and the valid key it is, if any. */
export interface PresentedKey {
  token?: string;
  identity?: ValidApiKey;
}

const PRESENTED = Symbol('presented key');
type WithPresentedKey = IncomingMessage & { [PRESENTED]?: PresentedKey };

/** Global guard: a bearer key on every route not @Public(). */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly verifier: ApiKeyVerifier;
  private readonly digests = new PresentedKeyDigests();

  constructor(
    private readonly publicRoutes: PublicRoutes,
    @Inject(ConfigService) config: AuthConfigService,
    // Issued keys, when the app has them (ApiKeysModule); environment keys are checked first.
    @Optional() @Inject(STORED_API_KEYS) private readonly storedKeys?: StoredApiKeyLookup,
  ) {
    this.verifier = new ApiKeyVerifier(config.get('auth', { infer: true }).apiKeys);
  }

  canActivate(context: ExecutionContext): boolean {
    if (this.publicRoutes.isPublic(context)) return true;
    const http = context.switchToHttp();
    this.authenticate(http.getRequest<AuthenticatedRequest>());
    return true;
  }

  /**
   * The request's key, looked up once per request against the keys held in memory (API_KEYS
   * compared in constant time, issued keys by digest): load shedding asks first, the guard reuses it.
   */
  identify(request: IncomingMessage): PresentedKey {
    const known = (request as WithPresentedKey)[PRESENTED];
    if (known !== undefined) return known;
    const header = request.headers.authorization;
    const token = header === undefined ? undefined : BEARER_CREDENTIALS.exec(header)?.[1]?.trim();
    let identity: ValidApiKey | undefined;
    if (token !== undefined && BEARER_TOKEN.test(token)) {
      const { digest, remembered } = this.digests.digestOf(token);
      identity = this.verifier.match(token, digest) ?? this.storedKeys?.match(token, digest);
      if (identity !== undefined && !remembered) this.digests.remember(token, digest);
    }
    const presented = { token, identity };
    (request as WithPresentedKey)[PRESENTED] = presented;
    return presented;
  }

  /** Forgets what identify() found for `request`, so it is looked up again (after it waited). */
  forget(request: IncomingMessage): void {
    // Not `delete`: that turns the request into a slow dictionary object for the rest of its way.
    (request as WithPresentedKey)[PRESENTED] = undefined;
  }

  /** Notes the valid key on the request, else 401 (the check behind the early refusals). */
  authenticate(request: AuthenticatedRequest): void {
    request.keyChecked = true;
    const { token, identity } = this.identify(request);
    if (identity !== undefined) {
      // For the guards after this one, the handlers and the request log: which key, never the key.
      request.apiKey = identity;
      return;
    }
    const { message, headers } = unauthorized(token);
    throw new AppException(ErrorCode.UNAUTHORIZED, message, headers);
  }
}

/** The 401 of a request without a valid key: what it says, and its Bearer challenge. */
export function unauthorized(token: string | undefined): {
  message: string;
  headers: Record<string, string>;
} {
  if (!token)
    return {
      message: 'An API key is required: send it as "Authorization: Bearer <key>".',
      headers: { 'WWW-Authenticate': REALM },
    };
  return {
    message: 'The API key is not valid.',
    headers: {
      'WWW-Authenticate': `${REALM}, error="invalid_token", error_description="The API key is not valid"`,
    },
  };
}
