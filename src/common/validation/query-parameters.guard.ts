import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { Request } from 'express';
import { PublicRoutes } from '../auth/public-routes.js';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { cutInput } from './received.js';

/** A query parameter on a route that takes none is refused, never ignored. */
@Injectable()
export class QueryParametersGuard implements CanActivate {
  private readonly takesQuery = new WeakMap<object, boolean>();

  constructor(private readonly publicRoutes: PublicRoutes) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http' || this.publicRoutes.isPublic(context)) return true;
    const request = context.switchToHttp().getRequest<Request>();
    // No query string: nothing to look up (the hot path of most requests).
    if (!request.url.includes('?') || this.handlerTakesQuery(context)) return true;
    const names = Object.keys(request.query);
    if (names.length === 0) return true;
    const shown = names.slice(0, 3).map((name) => JSON.stringify(cutInput(name)));
    const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
    throw new AppException(
      ErrorCode.VALIDATION_FAILED,
      `unknown query parameter${names.length > 1 ? 's' : ''} ${shown.join(', ')}${more}; this ` +
        `operation takes no query parameters.`,
    );
  }

  private handlerTakesQuery(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let takes = this.takesQuery.get(handler);
    if (takes === undefined) {
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ??
        {}) as Record<string, unknown>;
      takes = Object.keys(args).some((key) => key.split(':')[0] === String(RouteParamtypes.QUERY));
      this.takesQuery.set(handler, takes);
    }
    return takes;
  }
}
