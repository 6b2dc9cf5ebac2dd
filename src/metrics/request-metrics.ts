import type { AuthenticatedRequest } from '../common/auth/api-key.guard.js';
import type { FinishedRequestObserver } from '../common/http/request-lifecycle.middleware.js';
import { routeOf } from '../common/http/route-of.js';
import type { MetricsService } from './metrics.service.js';

interface Series {
  count: { inc(): void };
  time: { observe(seconds: number): void };
}

/**
 * Counts and times every answered request, by route pattern (never the raw path: low cardinality).
 * The labelled series are looked up once per route, method and status: prom-client hashes the
 * label object on every inc() or observe() otherwise.
 */
export function requestMetrics(metrics: MetricsService): FinishedRequestObserver {
  const series = new Map<string, Series>();
  const seriesFor = (route: string, method: string, status: number): Series => {
    const key = `${route} ${method} ${status}`;
    let found = series.get(key);
    if (!found) {
      const labels = [route, method, String(status)] as const;
      found = { count: metrics.requests.labels(...labels), time: metrics.duration.labels(...labels) };
      series.set(key, found);
    }
    return found;
  };
  return (request, response, elapsedMs) => {
    const { count, time } = seriesFor(routeOf(request), request.method, response.statusCode);
    count.inc();
    time.observe(elapsedMs / 1000);
    const { apiKey, scopeRefused } = request as AuthenticatedRequest;
    if (scopeRefused && apiKey !== undefined) metrics.scopeRefusals.labels(apiKey.name, apiKey.scope).inc();
  };
}
