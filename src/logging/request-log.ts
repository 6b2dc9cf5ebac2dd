import type { Logger } from 'pino';
import type { AuthenticatedRequest } from '../common/auth/api-key.guard.js';
import {
  answeredStatus,
  CLIENT_LEFT_STATUS,
  type FinishedRequestObserver,
} from '../common/http/request-lifecycle.middleware.js';
import { routeOf } from '../common/http/route-of.js';
import { isShed } from '../common/overload/request-work.js';

/**
 * One JSON line per request, never a key, Authorization, query or body; none for a request refused
 * by load shedding (its episode has a line). A client that left: 499.
 */
export function requestLog(logger: Logger): FinishedRequestObserver {
  return (request, response, elapsedMs) => {
    if (isShed(response)) return;
    const route = routeOf(request);
    const status = answeredStatus(response);
    const left = status === CLIENT_LEFT_STATUS;
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
        ...(left ? { clientLeft: true } : {}),
      },
      `${request.method} ${route} ${left ? 'client left before the answer' : status}`,
    );
  };
}
