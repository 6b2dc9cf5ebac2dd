import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { loadAppConfig } from '../../config/app.config.js';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { ApiKeyGuard } from './api-key.guard.js';
import { Public } from './public.decorator.js';

class Routes {
  open(): void {}
  closed(): void {}
}
Public()(Routes.prototype, 'open', Object.getOwnPropertyDescriptor(Routes.prototype, 'open')!);

function contextFor(authorization: string | undefined, handler: keyof Routes = 'closed'): ExecutionContext {
  const request = { headers: authorization === undefined ? {} : { authorization } };
  return {
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

function rejection(guard: ApiKeyGuard, authorization: string | undefined): AppException {
  try {
    guard.canActivate(contextFor(authorization));
  } catch (error) {
    return error as AppException;
  }
  throw new Error('expected the guard to reject');
}

describe('ApiKeyGuard', () => {
  const guard = new ApiKeyGuard(new Reflector(), loadAppConfig({ API_KEYS: 'alpha-key,beta-key' }));

  it.each(['Bearer alpha-key', 'bearer beta-key', 'BEARER   alpha-key', 'Bearer alpha-key  '])('accepts %p', (header) => {
    expect(guard.canActivate(contextFor(header))).toBe(true);
  });

  it('lets @Public() routes through without a key', () => {
    expect(guard.canActivate(contextFor(undefined, 'open'))).toBe(true);
  });

  it.each([undefined, '', 'Bearer', 'Bearer ', 'Basic YWxhZGRpbjpvcGVuc2VzYW1l', 'alpha-key', 'Token alpha-key'])(
    'answers a missing key (%p) with a bare Bearer challenge',
    (header) => {
      const error = rejection(guard, header);
      expect(error).toBeInstanceOf(AppException);
      expect(error.code).toBe(ErrorCode.UNAUTHORIZED);
      expect(error.status).toBe(401);
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
