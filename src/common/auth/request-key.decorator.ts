import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from './api-key.guard.js';
import type { ApiKeyIdentity } from './api-key.verifier.js';

/**
 * The API key a request came with, as ApiKeyGuard found it: its name (never the key), scope and
 * kind.
 */
export type RequestKey = Pick<ApiKeyIdentity, 'name' | 'scope' | 'kind'>;

/**
 * The key of the request, for a handler that records or decides by who calls (`@RequestKey() key:
 * RequestKey`). Only on routes that need a key: ApiKeyGuard has let the request in with a valid
 * one.
 */
export const RequestKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): RequestKey => {
    const key = context.switchToHttp().getRequest<AuthenticatedRequest>().apiKey;
    if (key === undefined) throw new Error('@RequestKey() on a route without an API key');
    return key;
  },
);
