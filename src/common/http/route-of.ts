import type { Request } from 'express';

/** The route pattern that served a request; Nest's not-found catch-all is "unmatched". */
export function routeOf(request: Request): string {
  const route = request.route as { path?: unknown } | undefined;
  const path = route?.path;
  return typeof path === 'string' && !path.includes('*') ? path : 'unmatched';
}
