import type { AuthenticatedRequest } from '../common/auth/api-key.guard.js';
import {
  answeredStatus,
  type FinishedRequestObserver,
} from '../common/http/request-lifecycle.middleware.js';
import { routeOf } from '../common/http/route-of.js';
import type { MetricsService } from './metrics.service.js';

/** Methods counted by name; any other is OTHER, so the label stays bounded. */
const COUNTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

interface Series {
  count: { inc(): void };
  time: { observe(seconds: number): void };
}

/** Counts and times requests by route (499: the client left first); series looked up once each. */
export function requestMetrics(metrics: MetricsService): FinishedRequestObserver {
  const series = new Map<string, Series>();
  const seriesFor = (route: string, method: string, status: number): Series => {
    const key = `${route} ${method} ${status}`;
    let found = series.get(key);
    if (!found) {
      found = {
        count: metrics.requests.labels(route, method, String(status)),
        time: metrics.duration.labels(route, method),
      };
      series.set(key, found);
    }
    return found;
  };
  return (request, response, elapsedMs) => {
    const method = COUNTED_METHODS.has(request.method) ? request.method : 'OTHER';
    const { count, time } = seriesFor(routeOf(request), method, answeredStatus(response));
    count.inc();
    time.observe(elapsedMs / 1000);
    const { apiKey, scopeRefused } = request as AuthenticatedRequest;
    if (scopeRefused && apiKey !== undefined)
      metrics.scopeRefusals.labels(apiKey.kind, apiKey.scope).inc();
  };
}
