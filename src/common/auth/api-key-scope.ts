import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { AppException } from '../errors/app.exception.js';
import { RouteMetadataReflector } from '../memo/route-metadata.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import type { AuthenticatedRequest } from './api-key.guard.js';
import { ApiKeyKind } from './api-key-kind.js';
import { ApiKeyScope } from './api-key-scope.enum.js';
import { STORE_KEY_ONLY, storeKeyRefusal } from './store-key-only.decorator.js';

/** The OpenAPI extension that states, on every operation, the scope its key needs. */
export const SCOPE_EXTENSION = 'x-api-key-scope';

const REQUIRED_SCOPE = 'petstore:required-scope';

/** The scope a route needs when it does not say: reads need `read`, every other method `write`. */
export function scopeOfMethod(method: string): ApiKeyScope {
  return method === 'GET' || method === 'HEAD' ? ApiKeyScope.READ : ApiKeyScope.WRITE;
}

/** A route whose scope differs from what its method implies; also stated in the document. */
export function RequiresScope(scope: ApiKeyScope): MethodDecorator {
  return (target, key, descriptor) => {
    SetMetadata(REQUIRED_SCOPE, scope)(target, key, descriptor);
    ApiExtension(SCOPE_EXTENSION, scope)(target, key, descriptor);
  };
}

/** The scope a handler declares with RequiresScope; undefined when its method decides. */
export function declaredScope(handler: object): ApiKeyScope | undefined {
  return Reflect.getMetadata(REQUIRED_SCOPE, handler) as ApiKeyScope | undefined;
}

/**
 * Global guard, before the body is read: a valid key whose scope does not cover the route is 403
 * INSUFFICIENT_SCOPE, never 401; a partner key on a @StoreKeyOnly() route is 403 STORE_KEY_REQUIRED.
 */
@Injectable()
export class ApiKeyScopeGuard implements CanActivate {
  constructor(private readonly reflector: RouteMetadataReflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const key = request.apiKey;
    // A public route, or one the key guard let through without a key: nothing to check.
    if (key === undefined) return true;
    // A store key passes @StoreKeyOnly(): only another kind's requests look the route up.
    if (
      key.kind !== ApiKeyKind.STORE &&
      this.reflector.getAllAndOverride<boolean | undefined>(STORE_KEY_ONLY, [
        context.getHandler(),
        context.getClass(),
      ])
    )
      throw storeKeyRefusal(key);
    if (key.scope === ApiKeyScope.WRITE) return true;
    const needed =
      this.reflector.getAllAndOverride<ApiKeyScope | undefined>(REQUIRED_SCOPE, [
        context.getHandler(),
        context.getClass(),
      ]) ?? scopeOfMethod(request.method);
    if (needed === ApiKeyScope.READ) return true;
    request.scopeRefused = true;
    throw new AppException(
      ErrorCode.INSUFFICIENT_SCOPE,
      `The API key "${key.name}" has the read scope; ${request.method} needs a key with the ` +
        `write scope.`,
      {
        'WWW-Authenticate': `Bearer realm="petstore", error="insufficient_scope", scope="${needed}"`,
      },
    );
  }
}
