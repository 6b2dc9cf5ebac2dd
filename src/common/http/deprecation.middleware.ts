import { RequestMethod, type MiddlewareConsumer } from '@nestjs/common';
import type { HeadersObject } from '@nestjs/swagger';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { match } from 'path-to-regexp';

export interface DeprecationPolicy {
  /** When the operation became deprecated (RFC 9745 Deprecation header). */
  deprecatedAt: Date;
  /** When it will stop answering (RFC 8594 Sunset header). */
  sunsetAt: Date;
  /** Documentation of the deprecation (Link rel="deprecation"). */
  documentationUrl: string;
  /** What to call instead (Link rel="alternate"). */
  alternateUrl: string;
  /** The operation and its replacement in words, for the 410 after the sunset. */
  operation: string;
  replacement: string;
}

/** A deprecated GET route's path (Express's syntax, `/v1/pets/:petId`) and its headers. */
const deprecatedGets: { matches: (path: string) => boolean; headers: Record<string, string> }[] =
  [];

/** Marks every answer of the GET (and HEAD) at `path` deprecated, errors included. */
export function deprecateGet(
  consumer: MiddlewareConsumer,
  path: string,
  policy: DeprecationPolicy,
): void {
  // A string path is not prefixed by RouterModule's module path.
  consumer.apply(deprecationHeaders(policy)).forRoutes({ path, method: RequestMethod.GET });
  const matches = match(`/${path}`, { decode: false });
  if (!deprecatedGets.some((route) => route.matches(`/${path}`)))
    deprecatedGets.push({
      matches: (candidate) => matches(candidate) !== false,
      headers: deprecationHeaderValues(policy),
    });
}

/** The deprecation headers of a GET or HEAD of `path`, if its operation is deprecated. */
export function deprecationOf(
  method: string | undefined,
  path: string,
): Record<string, string> | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  return deprecatedGets.find((route) => route.matches(path))?.headers;
}

/** Marks every response of a deprecated operation, errors included (it runs before the guards). */
export function deprecationHeaders(policy: DeprecationPolicy): RequestHandler {
  const headers = Object.entries(deprecationHeaderValues(policy));
  return (_request: Request, response: Response, next: NextFunction) => {
    for (const [name, value] of headers) response.setHeader(name, value);
    next();
  };
}

export function deprecationHeaderValues(
  policy: DeprecationPolicy,
): Record<'Deprecation' | 'Sunset' | 'Link', string> {
  return {
    Deprecation: `@${Math.floor(policy.deprecatedAt.getTime() / 1000)}`,
    Sunset: policy.sunsetAt.toUTCString(),
    Link:
      `<${policy.documentationUrl}>; rel="deprecation"; type="text/html", ` +
      `<${policy.alternateUrl}>; rel="alternate"`,
  };
}

/** The headers for the document; not required on a 400, which may come before any route. */
export function deprecationHeadersDoc(policy: DeprecationPolicy, required = true): HeadersObject {
  const values = deprecationHeaderValues(policy);
  return {
    Deprecation: {
      description: 'When the operation was deprecated (RFC 9745).',
      required,
      schema: { type: 'string', example: values.Deprecation },
    },
    Sunset: {
      description: 'When the operation stops answering (RFC 8594).',
      required,
      schema: { type: 'string', example: values.Sunset },
    },
    Link: {
      description:
        'Its deprecation notes (rel="deprecation") and its replacement (rel="alternate").',
      required,
      schema: { type: 'string', example: values.Link },
    },
  };
}
