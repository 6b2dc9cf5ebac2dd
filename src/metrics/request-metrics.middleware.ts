import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { routeOf } from '../common/http/route-of.js';
import type { MetricsService } from './metrics.service.js';

/** Counts and times every answered request, by route pattern (never the raw path: low cardinality). */
export function requestMetrics(metrics: MetricsService): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    response.once('finish', () => {
      const labels = { route: routeOf(request), method: request.method, status: String(response.statusCode) };
      metrics.requests.inc(labels);
      metrics.duration.observe(labels, (performance.now() - started) / 1000);
    });
    next();
  };
}
