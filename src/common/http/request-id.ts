import { randomUUID } from 'node:crypto';
import type { Request } from 'express';

export const REQUEST_ID_HEADER = 'X-Request-Id';

// A client's id is only noted beside ours, and only when short and plain, so nothing a client sends
// can break a log line, pose as another request's id, or fill the log.
const PLAIN_CLIENT_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** As the log writes them: hex ids, and the W3C trace flags ('01' when sampled). */
export interface TraceIds {
  traceId: string;
  spanId: string;
  traceFlags: string;
}

export type IdentifiedRequest = Request & {
  /** The server's own id of this request: the log's reqId and the X-Request-Id answered. */
  id: string;
  /** The client's X-Request-Id, when short and plain; logged beside the server's. */
  clientRequestId?: string;
  /** The request's trace and server span, set by the tracing set-up when tracing is on. */
  traceIds?: TraceIds;
};

/** Gives the request the server's own id, and notes the client's X-Request-Id when it is plain. */
export function identifyRequest(request: Request): IdentifiedRequest {
  const identified = request as IdentifiedRequest;
  identified.id = randomUUID();
  const incoming = request.headers['x-request-id'];
  if (typeof incoming === 'string' && PLAIN_CLIENT_ID.test(incoming))
    identified.clientRequestId = incoming;
  return identified;
}
