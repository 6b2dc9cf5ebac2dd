import type { NextFunction, Request, RequestHandler, Response } from 'express';

export interface DeprecationPolicy {
  /** When the operation became deprecated (RFC 9745 Deprecation header). */
  deprecatedAt: Date;
  /** When it will stop answering (RFC 8594 Sunset header). */
  sunsetAt: Date;
  /** Documentation of the deprecation (Link rel="deprecation"). */
  documentationUrl: string;
  /** What to call instead (Link rel="alternate"). */
  alternateUrl: string;
}

/**
 * Marks every response of a deprecated route, errors included: it runs as middleware, before the
 * key check and validation, so a 401 or 404 from that route carries the headers as well.
 */
export function deprecationHeaders(policy: DeprecationPolicy): RequestHandler {
  const headers = {
    Deprecation: `@${Math.floor(policy.deprecatedAt.getTime() / 1000)}`,
    Sunset: policy.sunsetAt.toUTCString(),
    Link: `<${policy.documentationUrl}>; rel="deprecation"; type="text/html", <${policy.alternateUrl}>; rel="alternate"`,
  };
  return (_request: Request, response: Response, next: NextFunction) => {
    response.set(headers);
    next();
  };
}
