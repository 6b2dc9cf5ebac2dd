import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from './api-key.guard.js';
import type { ApiKeyIdentity } from './api-key.verifier.js';

/** The request's key as ApiKeyGuard found it: name (never the key), id, scope and kind. */
export type RequestKey = Pick<ApiKeyIdentity, 'name' | 'id' | 'scope' | 'kind'>;

/** The request's key, for a handler that records or decides by who calls. */
export const RequestKey = createParamDecorator(
  (_data: unknown, context: ExecutionContext): RequestKey => {
    const key = context.switchToHttp().getRequest<AuthenticatedRequest>().apiKey;
    if (key === undefined) throw new Error('@RequestKey() on a route without an API key');
    return key;
  },
);
