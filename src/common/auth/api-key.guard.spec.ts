import { ApiKeyKind } from './api-key-kind.js';
import { ApiKeyScope } from './api-key-scope.enum.js';
import type { ExecutionContext } from '@nestjs/common';
import { RouteMetadataReflector } from '../memo/route-metadata.js';
import { ConfigService } from '@nestjs/config';
import { loadAppConfig as loadOnlyAppConfig, type AppConfig } from '../../config/app.config.js';
import type { Env } from '../../config/env.js';
import { loadAuthConfig, type AuthConfig, type AuthConfigService } from './auth.config.js';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { ApiKeyGuard } from './api-key.guard.js';
import { PublicRoutes } from './public-routes.js';
import { Public } from './public.decorator.js';

class Routes {
  open(): void {}
  closed(): void {}
}
Public()(Routes.prototype, 'open', Object.getOwnPropertyDescriptor(Routes.prototype, 'open')!);

function contextFor(
  authorization: string | undefined,
  handler: keyof Routes = 'closed',
): ExecutionContext {
  const request = { headers: authorization === undefined ? {} : { authorization } };
  const response = { setHeader: () => undefined, getHeader: () => undefined };
  return {
    getHandler: () => Object.getOwnPropertyDescriptor(Routes.prototype, handler)!.value,
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ExecutionContext;
}

function rejection(guard: ApiKeyGuard, authorization: string | undefined): AppException {
  try {
    guard.canActivate(contextFor(authorization, 'closed'));
  } catch (error) {
    return error as AppException;
  }
  throw new Error('expected the guard to reject');
}

/** The settings AppConfigModule validates from `env`: auth's, then the rest. */
function loadAppConfig(env: Env): AppConfig & AuthConfig {
  const auth = loadAuthConfig(env);
  return { ...loadOnlyAppConfig(env, auth), ...auth };
}

/** ConfigService holding auth's settings, as AppConfigModule provides it. */
function authSettings(config: AuthConfig): AuthConfigService {
  return new ConfigService({ auth: config });
}

function guardFor(config: AppConfig & AuthConfig): ApiKeyGuard {
  return new ApiKeyGuard(new PublicRoutes(new RouteMetadataReflector()), authSettings(config));
}

describe('ApiKeyGuard', () => {
  const guard = guardFor(loadAppConfig({ API_KEYS: 'alpha-key-0123456789,beta-key-0123456789' }));

  it.each([
    'Bearer alpha-key-0123456789',
    'bearer beta-key-0123456789',
    'BEARER   alpha-key-0123456789',
    'Bearer alpha-key-0123456789  ',
  ])('accepts %p', (header) => {
    expect(guard.canActivate(contextFor(header))).toBe(true);
  });

  it('remembers the digest of a valid key only, and still asks the stored keys each time (a revoked key is refused)', () => {
    const issued = 'pst_issued-key-0123456789';
    let active = true;
    const stored = {
      match: (presented: string) =>
        active && presented === issued
          ? { name: 'issued', id: 'issued-id', scope: ApiKeyScope.WRITE, kind: ApiKeyKind.PARTNER }
          : undefined,
    };
    const config = loadAppConfig({ API_KEYS: 'alpha-key-0123456789' });
    const withStored = new ApiKeyGuard(
      new PublicRoutes(new RouteMetadataReflector()),
      authSettings(config),
      stored,
    );
    const digests = (
      withStored as unknown as { digests: { digestOf(token: string): { remembered: boolean } } }
    ).digests;
    expect(withStored.canActivate(contextFor(`Bearer ${issued}`))).toBe(true);
    expect(withStored.canActivate(contextFor('Bearer alpha-key-0123456789'))).toBe(true);
    expect(rejection(withStored, 'Bearer wrong-key-0123456789').code).toBe(ErrorCode.UNAUTHORIZED);
    expect(digests.digestOf(issued).remembered).toBe(true);
    expect(digests.digestOf('alpha-key-0123456789').remembered).toBe(true);
    expect(digests.digestOf('wrong-key-0123456789').remembered).toBe(false);
    active = false;
    expect(rejection(withStored, `Bearer ${issued}`).code).toBe(ErrorCode.UNAUTHORIZED);
  });

  it('lets @Public() routes through without a key', () => {
    expect(guard.canActivate(contextFor(undefined, 'open'))).toBe(true);
  });

  it.each([
    undefined,
    '',
    'Bearer',
    'Bearer ',
    'Basic YWxhZGRpbjpvcGVuc2VzYW1l',
    'alpha-key-0123456789',
    'Token alpha-key-0123456789',
  ])('answers a missing key (%p) with a bare Bearer challenge', (header) => {
    const error = rejection(guard, header);
    expect(error).toBeInstanceOf(AppException);
    expect(error.code).toBe(ErrorCode.UNAUTHORIZED);
    expect(error.getStatus()).toBe(401);
    expect(error.headers['WWW-Authenticate']).toBe('Bearer realm="petstore"');
  });

  it.each([
    'Bearer wrong-key',
    'Bearer alpha-key-0123456789 extra',
    'Bearer alpha-key-012345678',
    'Bearer ALPHA-KEY-0123456789',
    'Bearer al"pha',
  ])('answers a sent but unknown or malformed key (%p) with error="invalid_token"', (header) => {
    const error = rejection(guard, header);
    expect(error.code).toBe(ErrorCode.UNAUTHORIZED);
    expect(error.headers['WWW-Authenticate']).toMatch(
      /^Bearer realm="petstore", error="invalid_token"/,
    );
    expect(error.message).not.toContain('wrong-key');
  });
});
