import {
  HttpException,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../common/auth/api-key.guard.js';
import { stringifyJson } from '../common/json/exact-json.codec.js';
import { readIdempotencyKey, requestHash } from './idempotency-key.js';
import { IdempotencyErrorCode } from './idempotency.errors.js';
import { IdempotencyService } from './idempotency.service.js';

export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** Seconds a client is told to wait (Retry-After) before retrying a key still in use. */
export const KEY_IN_USE_RETRY_AFTER_SECONDS = 1;

/** @Idempotent(): with an Idempotency-Key the handler runs inside IdempotencyService.once. */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

  intercept(context: ExecutionContext, next: CallHandler<unknown>): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    const idempotencyKey = readIdempotencyKey(request);
    if (idempotencyKey === undefined) return next.handle();
    const response = http.getResponse<Response>();
    // The API key guard ran first: a request here carries a valid key.
    const claim = {
      owner: request.apiKey!.id,
      idempotencyKey,
      requestHash: requestHash(request.method, routeOf(request), request.body),
    };
    return from(
      this.idempotency
        .once(claim, async () => {
          const value = await lastValueFrom(next.handle(), { defaultValue: undefined });
          const location = response.getHeader('Location');
          const etag = response.getHeader('ETag');
          // Nest set the route's status before interceptors run; the body as Express will write it.
          return {
            value,
            response: {
              status: response.statusCode,
              body: typeof value === 'string' ? value : stringifyJson(value),
              location: typeof location === 'string' ? location : null,
              etag: typeof etag === 'string' ? etag : null,
            },
          };
        })
        .then((outcome) => {
          if (!outcome.replayed) return outcome.value;
          const kept = outcome.response;
          response
            .status(kept.status)
            .setHeader('Content-Type', 'application/json; charset=utf-8')
            .setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
          if (kept.location !== null) response.setHeader('Location', kept.location);
          if (kept.etag !== null) response.setHeader('ETag', kept.etag);
          return kept.body;
        })
        .catch((error: unknown) => {
          if (
            error instanceof HttpException &&
            error.errorCode === IdempotencyErrorCode.IDEMPOTENCY_KEY_IN_USE
          )
            response.setHeader('Retry-After', String(KEY_IN_USE_RETRY_AFTER_SECONDS));
          throw error;
        }),
    );
  }
}

/** The route pattern served, so one key on two operations is two requests. */
function routeOf(request: AuthenticatedRequest): string {
  const route = (request.route as { path?: unknown } | undefined)?.path;
  return typeof route === 'string' ? route : request.path;
}
