import type { Logger } from 'pino';
import type { AuthenticatedRequest } from '../common/auth/api-key.guard.js';
import type { FinishedRequestObserver } from '../common/http/request-lifecycle.middleware.js';
import { routeOf } from '../common/http/route-of.js';

/** One JSON line per request, never a key, Authorization, query string or body. */
export function requestLog(logger: Logger): FinishedRequestObserver {
  return (request, response, elapsedMs) => {
    const route = routeOf(request);
    const status = response.statusCode;
    // A 500 is a failure to look at; a 503 or 504 is an answered condition (busy, down, outcome
    // unknown), its cause already logged as a warning.
    logger[status === 500 ? 'error' : status >= 500 ? 'warn' : 'info'](
      {
        reqId: request.id,
        clientReqId: request.clientRequestId,
        // Explicit: these lines are written after the response, outside the request's context.
        trace_id: request.traceIds?.traceId,
        span_id: request.traceIds?.spanId,
        trace_flags: request.traceIds?.traceFlags,
        method: request.method,
        route,
        status,
        ms: Math.round(elapsedMs * 100) / 100,
        key: (request as AuthenticatedRequest).apiKey?.name,
        scope: (request as AuthenticatedRequest).apiKey?.scope,
      },
      `${request.method} ${route} ${status}`,
    );
  };
}
