import { ForbiddenException, SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiErrorResponses } from '../errors/api-error-responses.decorator.js';
import type { AuthenticatedRequest } from './api-key.guard.js';

/** The code of a partner key refused a route that is the store's own (403). */
export const STORE_KEY_REQUIRED = 'STORE_KEY_REQUIRED';

export const STORE_KEY_ONLY = 'petstore:store-key-only';

/** A store-only route: a partner key gets 403 STORE_KEY_REQUIRED before its body is read. */
export function StoreKeyOnly(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(STORE_KEY_ONLY, true),
    ApiErrorResponses([
      {
        status: 403,
        description:
          "This operation is the store's own: a partner key is refused with " +
          '`STORE_KEY_REQUIRED`. Nothing was done.',
        code: STORE_KEY_REQUIRED,
        message: 'This is for the store\'s own keys; the partner key "shop" cannot use it.',
      },
    ]),
  );
}

/** The 403 for a key of another kind than the store's on a store-only route. */
export function storeKeyRefusal(
  key: NonNullable<AuthenticatedRequest['apiKey']>,
): ForbiddenException {
  return new ForbiddenException(
    `This is for the store's own keys; the ${key.kind} key "${key.name}" cannot use it.`,
    { errorCode: STORE_KEY_REQUIRED },
  );
}
