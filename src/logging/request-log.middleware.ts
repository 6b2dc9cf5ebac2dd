import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { AuthenticatedRequest } from '../common/auth/api-key.guard.js';
import type { IdentifiedRequest } from '../common/http/request-id.js';
import { routeOf } from '../common/http/route-of.js';

/**
 * One JSON line per request when its response is done: request id, method, route, status,
 * duration and the name of the key used; never the key, the Authorization header or a body.
 * A single logger call per request (no per-request child logger), so logging stays cheap.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    response.once('finish', () => {
      const route = routeOf(request);
      const status = response.statusCode;
      logger[status >= 500 ? 'error' : 'info'](
        {
          reqId: (request as IdentifiedRequest).id,
          method: request.method,
          route,
          status,
          ms: Math.round((performance.now() - started) * 100) / 100,
          key: (request as AuthenticatedRequest).apiKeyName,
        },
        `${request.method} ${route} ${status}`,
      );
    });
    next();
  };
}
