import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { AuthenticatedRequest } from '../auth/api-key.guard.js';
import { PublicRoutes } from '../auth/public-routes.js';
import { RateLimits } from './rate-limits.js';

/** Global guard after ApiKeyGuard: counts each request against its key's limit. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly publicRoutes: PublicRoutes,
    private readonly rateLimits: RateLimits,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.publicRoutes.isPublic(context)) return true;
    const http = context.switchToHttp();
    const keyName = http.getRequest<AuthenticatedRequest>().apiKeyName;
    if (keyName !== undefined) this.rateLimits.countKeyRequest(keyName, http.getResponse<Response>());
    return true;
  }
}
