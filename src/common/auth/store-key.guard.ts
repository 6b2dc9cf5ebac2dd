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

/** A partner key on a store-only route (`@UseGuards(StoreKeyGuard)`) is 403. */
@Injectable()
export class StoreKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const key = context.switchToHttp().getRequest<AuthenticatedRequest>().apiKey;
    if (key?.kind === ApiKeyKind.STORE) return true;
    throw new ForbiddenException(
      `This is for the store's own keys; the ${key?.kind ?? 'given'} key "${key?.name ?? ''}" ` +
        `cannot use it.`,
      {
        errorCode: STORE_KEY_REQUIRED,
      },
    );
  }
}
