import { RouteMetadataReflector } from '../memo/route-metadata.js';
import type { ExecutionContext } from '@nestjs/common';
import { ApiKeyKind } from './api-key-kind.js';
import { ApiKeyScopeGuard, RequiresScope, scopeOfMethod } from './api-key-scope.js';
import { ApiKeyScope } from './api-key-scope.enum.js';
import { StoreKeyOnly } from './store-key-only.decorator.js';

class Routes {
  plain(this: void): void {}

  @RequiresScope(ApiKeyScope.READ)
  search(this: void): void {}

  @RequiresScope(ApiKeyScope.WRITE)
  export(this: void): void {}

  @StoreKeyOnly()
  restock(this: void): void {}
}

@StoreKeyOnly()
class StoreRoutes {
  report(this: void): void {}
}

function contextFor(
  method: string,
  handler: () => void,
  scope?: ApiKeyScope,
  kind = ApiKeyKind.PARTNER,
  controller: object = Routes,
): ExecutionContext {
  const request = {
    method,
    apiKey: scope === undefined ? undefined : { name: 'shop', id: 'shop-id', scope, kind },
  };
  return {
    switchToHttp: () => ({ getRequest: () => request }),
    getHandler: () => handler,
    getClass: () => controller,
  } as unknown as ExecutionContext;
}

describe('ApiKeyScopeGuard', () => {
  const guard = new ApiKeyScopeGuard(new RouteMetadataReflector());
  const routes = Routes.prototype;

  it('takes the scope a route needs from its method: GET and HEAD read, the rest write', () => {
    expect(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].map(scopeOfMethod)).toEqual([
      'read',
      'read',
      'write',
      'write',
      'write',
      'write',
    ]);
  });

  it('lets a read key read and refuses it a write with 403 INSUFFICIENT_SCOPE and the RFC 6750 challenge', () => {
    expect(guard.canActivate(contextFor('GET', routes.plain, ApiKeyScope.READ))).toBe(true);
    expect(() => guard.canActivate(contextFor('DELETE', routes.plain, ApiKeyScope.READ))).toThrow(
      expect.objectContaining({
        code: 'INSUFFICIENT_SCOPE',
        message: 'The API key "shop" has the read scope; DELETE needs a key with the write scope.',
        headers: {
          'WWW-Authenticate': 'Bearer realm="petstore", error="insufficient_scope", scope="write"',
        },
      }),
    );
  });

  it('follows @RequiresScope where a route differs from its method', () => {
    expect(guard.canActivate(contextFor('POST', routes.search, ApiKeyScope.READ))).toBe(true);
    expect(() => guard.canActivate(contextFor('GET', routes.export, ApiKeyScope.READ))).toThrow(
      expect.objectContaining({ code: 'INSUFFICIENT_SCOPE' }),
    );
  });

  it('lets a write key do everything, and leaves requests without a key (public routes) to the key guard', () => {
    expect(guard.canActivate(contextFor('DELETE', routes.export, ApiKeyScope.WRITE))).toBe(true);
    expect(guard.canActivate(contextFor('POST', routes.plain))).toBe(true);
  });

  it('refuses a partner key, of either scope, on a @StoreKeyOnly() route with 403 STORE_KEY_REQUIRED; lets a store key by', () => {
    for (const scope of [ApiKeyScope.READ, ApiKeyScope.WRITE])
      expect(() => guard.canActivate(contextFor('POST', routes.restock, scope))).toThrow(
        expect.objectContaining({ errorCode: 'STORE_KEY_REQUIRED' }),
      );
    expect(
      guard.canActivate(contextFor('POST', routes.restock, ApiKeyScope.WRITE, ApiKeyKind.STORE)),
    ).toBe(true);
    // A read store key still needs the write scope for a write.
    expect(() =>
      guard.canActivate(contextFor('POST', routes.restock, ApiKeyScope.READ, ApiKeyKind.STORE)),
    ).toThrow(expect.objectContaining({ code: 'INSUFFICIENT_SCOPE' }));
    const report = StoreRoutes.prototype.report;
    expect(() =>
      guard.canActivate(contextFor('GET', report, ApiKeyScope.READ, undefined, StoreRoutes)),
    ).toThrow(expect.objectContaining({ errorCode: 'STORE_KEY_REQUIRED' }));
  });

  it('documents the 403 STORE_KEY_REQUIRED of a @StoreKeyOnly() route by itself', () => {
    const responses = Reflect.getMetadata('swagger/apiResponse', routes.restock);
    expect(JSON.stringify(responses['403'])).toContain('STORE_KEY_REQUIRED');
    expect(Reflect.getMetadata('swagger/apiResponse', routes.plain)).toBeUndefined();
  });
});
