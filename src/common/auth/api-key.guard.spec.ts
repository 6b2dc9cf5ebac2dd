import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { loadAppConfig, type AppConfig } from '../../config/app.config.js';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { FixedWindowStorage } from '../rate-limit/fixed-window.storage.js';
import { RateLimits } from '../rate-limit/rate-limits.js';
import { ApiKeyGuard } from './api-key.guard.js';
import { PublicRoutes } from './public-routes.js';
import { Public } from './public.decorator.js';

class Routes {
  open(): void {}
  closed(): void {}
}
Public()(Routes.prototype, 'open', Object.getOwnPropertyDescriptor(Routes.prototype, 'open')!);

function contextFor(authorization: string | undefined, handler: keyof Routes = 'closed', ip = '192.0.2.1'): ExecutionContext {
  const request = { headers: authorization === undefined ? {} : { authorization }, ip };
  const response = { setHeader: () => undefined, getHeader: () => undefined };
  return {
    getHandler: () => Object.getOwnPropertyDescriptor(Routes.prototype, handler)!.value,
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ExecutionContext;
}

function rejection(guard: ApiKeyGuard, authorization: string | undefined, ip?: string): AppException {
  try {
    guard.canActivate(contextFor(authorization, 'closed', ip));
  } catch (error) {
    return error as AppException;
  }
  throw new Error('expected the guard to reject');
}

function guardFor(config: AppConfig): ApiKeyGuard {
  return new ApiKeyGuard(new PublicRoutes(new Reflector()), new RateLimits(new FixedWindowStorage(), config), config);
}

describe('ApiKeyGuard', () => {
  const guard = guardFor(loadAppConfig({ API_KEYS: 'alpha-key,beta-key' }));

  it.each(['Bearer alpha-key', 'bearer beta-key', 'BEARER   alpha-key', 'Bearer alpha-key  '])('accepts %p', (header) => {
    expect(guard.canActivate(contextFor(header))).toBe(true);
  });

  it('lets @Public() routes through without a key', () => {
    expect(guard.canActivate(contextFor(undefined, 'open'))).toBe(true);
  });

  it('refuses an address past RATE_LIMIT requests without a valid key, before looking at its key', () => {
    const strict = guardFor(loadAppConfig({ API_KEYS: 'alpha-key', RATE_LIMIT: '3' }));
    for (let i = 0; i < 3; i++) expect(rejection(strict, 'Bearer wrong', '198.51.100.7').code).toBe(ErrorCode.UNAUTHORIZED);
    const refused = rejection(strict, 'Bearer alpha-key', '198.51.100.7');
    expect(refused).toMatchObject({ code: ErrorCode.RATE_LIMITED, status: 429 });
    expect(refused.headers['Retry-After']).toMatch(/^[0-9]+$/);
    // Another address is not affected.
    expect(strict.canActivate(contextFor('Bearer alpha-key', 'closed', '198.51.100.8'))).toBe(true);
  });

  it.each([undefined, '', 'Bearer', 'Bearer ', 'Basic YWxhZGRpbjpvcGVuc2VzYW1l', 'alpha-key', 'Token alpha-key'])(
    'answers a missing key (%p) with a bare Bearer challenge',
    (header) => {
      const error = rejection(guard, header);
      expect(error).toBeInstanceOf(AppException);
      expect(error.code).toBe(ErrorCode.UNAUTHORIZED);
      expect(error.getStatus()).toBe(401);
      expect(error.headers['WWW-Authenticate']).toBe('Bearer realm="petstore"');
    },
  );

  it.each(['Bearer wrong-key', 'Bearer alpha-key extra', 'Bearer alpha-ke', 'Bearer ALPHA-KEY', 'Bearer al"pha'])(
    'answers a sent but unknown or malformed key (%p) with error="invalid_token"',
    (header) => {
      const error = rejection(guard, header);
      expect(error.code).toBe(ErrorCode.UNAUTHORIZED);
      expect(error.headers['WWW-Authenticate']).toMatch(/^Bearer realm="petstore", error="invalid_token"/);
      expect(error.message).not.toContain('wrong-key');
    },
  );
});
