import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { DatabaseAccess } from '../../database/database-access.js';

// RFC 9111 section 5.2.1.4: the client wants no stored answer it has not validated at the origin.
const NO_CACHE = /(?:^|,)\s*no-cache\s*(?:,|$)/i;

/** With replicas, `Cache-Control: no-cache` reads on the primary (not conditional reads). */
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
