import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// A client's id is kept when it is short and plain; anything else gets a fresh one, so nothing a
// client sends can break a log line or a header.
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export type IdentifiedRequest = Request & { id: string };

/** Gives every request an id and echoes it on every response, errors included. Registered first. */
export function requestId(): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const incoming = request.headers['x-request-id'];
    const id = typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
    (request as IdentifiedRequest).id = id;
    response.setHeader(REQUEST_ID_HEADER, id);
    next();
  };
}
