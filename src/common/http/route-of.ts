import type { Request } from 'express';

/** The route pattern that served a request, for logs and metrics; Nest's not-found catch-all is "unmatched". */
export function routeOf(request: Request): string {
  const path: unknown = request.route?.path;
  return typeof path === 'string' && !path.includes('*') ? path : 'unmatched';
}
