import { ApiKeyKind } from './api-key-kind.js';
import { ApiKeyScope } from './api-key-scope.enum.js';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ExecutionContext } from '@nestjs/common';
import { RouteMetadataReflector } from '../memo/route-metadata.js';
import { ConfigService } from '@nestjs/config';
import { loadAppConfig as loadOnlyAppConfig, type AppConfig } from '../../config/app.config.js';
import type { Env } from '../../config/env.js';
import { loadAuthConfig, type AuthConfig, type AuthConfigService } from './auth.config.js';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { FAILED_AUTHENTICATION_ADDRESSES_MAX, RateLimits } from '../rate-limit/rate-limits.js';
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
  ip = '192.0.2.1',
): ExecutionContext {
  const request = { headers: authorization === undefined ? {} : { authorization }, ip };
  const response = { setHeader: () => undefined, getHeader: () => undefined };
  return {
    getHandler: () => Object.getOwnPropertyDescriptor(Routes.prototype, handler)!.value,
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ExecutionContext;
}

function rejection(
  guard: ApiKeyGuard,
  authorization: string | undefined,
  ip?: string,
): AppException {
  try {
    guard.canActivate(contextFor(authorization, 'closed', ip));
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

function guardFor(
  config: AppConfig & AuthConfig,
  rateLimits = new RateLimits(config),
): ApiKeyGuard {
  return new ApiKeyGuard(
    new PublicRoutes(new RouteMetadataReflector()),
    rateLimits,
    authSettings(config),
  );
}

/** V8's collector, made callable for a heap measurement. */
function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
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
      new RateLimits(config),
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

  it('refuses an address past RATE_LIMIT requests without a valid key, but never a valid key from it', () => {
    const strict = guardFor(loadAppConfig({ API_KEYS: 'alpha-key-0123456789', RATE_LIMIT: '3' }));
    for (let i = 0; i < 3; i++)
      expect(rejection(strict, 'Bearer wrong', '198.51.100.7').code).toBe(ErrorCode.UNAUTHORIZED);
    const refused = rejection(strict, 'Bearer wrong', '198.51.100.7');
    expect(refused).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect(refused.getStatus()).toBe(429);
    expect(refused.headers['Retry-After']).toMatch(/^[0-9]+$/);
    expect(rejection(strict, undefined, '198.51.100.7').code).toBe(ErrorCode.RATE_LIMITED);
    // A valid key from the same address is served; another address is not affected.
    expect(
      strict.canActivate(contextFor('Bearer alpha-key-0123456789', 'closed', '198.51.100.7')),
    ).toBe(true);
    expect(rejection(strict, 'Bearer wrong', '198.51.100.8').code).toBe(ErrorCode.UNAUTHORIZED);
  });

  it('keeps the failed-authentication counters bounded under 200,000 distinct addresses', () => {
    const config = loadAppConfig({ API_KEYS: 'alpha-key-0123456789', RATE_LIMIT: '3' });
    const rateLimits = new RateLimits(config);
    const strict = guardFor(config, rateLimits);
    const gc = collectGarbage();
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 200_000; i++)
      rejection(strict, 'Bearer wrong', `2001:db8::${i.toString(16)}`);
    gc();
    expect(rateLimits.failedAuthenticationAddresses).toBe(FAILED_AUTHENTICATION_ADDRESSES_MAX);
    // 200,000 windows would hold about 30 MB; the bounded ones stay far below.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(8 * 1024 * 1024);
    rateLimits.onModuleDestroy();
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
