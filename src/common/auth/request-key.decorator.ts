import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { ApiKeyKind } from './api-key-kind.js';
import type { ApiKeyScope } from './api-key-scope.js';
import type { AuthenticatedRequest } from './api-key.guard.js';

/** The API key a request came with, as ApiKeyGuard found it: its name (never the key), scope and kind. */
export interface RequestKey {
  name: string;
  scope: ApiKeyScope;
  kind: ApiKeyKind;
}

/**
 * The key of the request, for a handler that records or decides by who calls (`@RequestKey() key:
 * RequestKey`). Only on routes that need a key: ApiKeyGuard has let the request in with a valid one.
 */
export const RequestKey = createParamDecorator((_data: unknown, context: ExecutionContext): RequestKey => {
  const key = context.switchToHttp().getRequest<AuthenticatedRequest>().apiKey;
  if (key === undefined) throw new Error('@RequestKey() on a route without an API key');
  return key;
});
