import {
  ForbiddenException,
  Injectable,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiKeyKind } from './api-key-kind.js';
import type { AuthenticatedRequest } from './api-key.guard.js';

/** The code of a partner key refused a route that is the store's own (403). */
export const STORE_KEY_REQUIRED = 'STORE_KEY_REQUIRED';

/**
 * For a controller or route that is the store's own (`@UseGuards(StoreKeyGuard)`), such as
 * /metrics: a partner key is 403 STORE_KEY_REQUIRED. Runs after the global guards, so the key is
 * valid.
 */
@Injectable()
export class StoreKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const key = context.switchToHttp().getRequest<AuthenticatedRequest>().apiKey;
    if (key?.kind === ApiKeyKind.STORE) return true;
    throw new ForbiddenException(
      `This is for the store's own keys; the ${key?.kind ?? 'given'} key "${key?.name ?? ''}" cannot use it.`,
      {
        errorCode: STORE_KEY_REQUIRED,
      },
    );
  }
}
