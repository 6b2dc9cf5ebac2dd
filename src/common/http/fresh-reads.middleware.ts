import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { DatabaseAccess } from '../../database/database-access.js';

// RFC 9111 section 5.2.1.4: the client wants no stored answer it has not validated at the origin.
const NO_CACHE = /(?:^|,)\s*no-cache\s*(?:,|$)/i;

/**
 * With read replicas: a request sent with `Cache-Control: no-cache` has its reads made on the
 * primary, so it sees every write committed before it (a replica may be up to
 * REPLICA_MAX_LAG_SECONDS behind). Registered only when there are replicas. Not for a conditional
 * read (If-None-Match), to which Fetch clients add no-cache themselves: the tags it names already
 * send it to the primary when a replica is behind them (OrdersService.get).
 */
export function freshReadsOnRequest(database: DatabaseAccess): RequestHandler {
  return (request: Request, _response: Response, next: NextFunction) => {
    const cacheControl = request.headers['cache-control'];
    if (
      cacheControl !== undefined &&
      request.headers['if-none-match'] === undefined &&
      NO_CACHE.test(cacheControl)
    )
      database.readingFromPrimary(next);
    else next();
  };
}
