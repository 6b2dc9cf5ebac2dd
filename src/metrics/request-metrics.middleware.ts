import type { NextFunction, Request, RequestHandler, Response } from 'express';
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
export function requestMetrics(metrics: MetricsService): RequestHandler {
  const series = new Map<string, Series>();
  const seriesFor = (route: string, method: string, status: string): Series => {
    const key = `${route} ${method} ${status}`;
    let found = series.get(key);
    if (!found) {
      found = { count: metrics.requests.labels(route, method, status), time: metrics.duration.labels(route, method, status) };
      series.set(key, found);
    }
    return found;
  };
  return (request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    response.once('finish', () => {
      const { count, time } = seriesFor(routeOf(request), request.method, String(response.statusCode));
      count.inc();
      time.observe((performance.now() - started) / 1000);
    });
    next();
  };
}
