import { randomUUID } from 'node:crypto';
import type { Request } from 'express';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// A client's id is kept when it is short and plain; anything else gets a fresh one, so nothing a
// client sends can break a log line or a header.
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export type IdentifiedRequest = Request & { id: string };

/** The request's id: the client's X-Request-Id when it is sane, else a fresh UUID. */
export function chooseRequestId(request: Request): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}
