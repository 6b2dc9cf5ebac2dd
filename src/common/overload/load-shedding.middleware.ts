import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ErrorCode } from '../errors/error-code.enum.js';
import type { LoadShedder } from './load-shedder.js';
import { clientLeft, runRequestWork, type RequestWork } from './request-work.js';

/** Never shed: the probes (a busy instance is alive and ready) and the operators' /metrics. */
const NEVER_SHED = new Set(['/healthz', '/readyz', '/metrics']);
/** A refused request's body is left to Node to discard, unless it may be larger than this. */
const DISCARDED_BODY_BYTES = 16 * 1024;
const SHED = Symbol('shed');

/** Whether the response is a refusal of load shedding: counted in metrics, not logged one by one. */
export const isShed = (response: ServerResponse): boolean =>
  (response as ServerResponse & { [SHED]?: true })[SHED] === true;

export const markShed = (response: ServerResponse): void => {
  (response as ServerResponse & { [SHED]?: true })[SHED] = true;
};

/**
 * Load shedding in front of everything but the request id and headers: a refusal is a 503
 * OVERLOADED written here, before the key is checked or the body read; an admitted request runs
 * with its RequestWork, which the database layer checks before each statement.
 */
export function loadShedding(shedder: LoadShedder): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    if (!shedder.enabled || NEVER_SHED.has(pathOf(request.url))) return next();
    if (shedder.admit(clientOf(request.headers.authorization)) !== undefined)
      return refuse(request, response, shedder.retryAfterSeconds());
    shedder.inFlight++;
    response.once('close', () => shedder.inFlight--);
    const arrivedAt = performance.now();
    const work: RequestWork = {
      arrivedAt,
      response,
      startBy: arrivedAt + shedder.maxWaitMs,
      retryAfterSeconds: () => shedder.retryAfterSeconds(),
      refused: (reason) => {
        markShed(response);
        shedder.refused(reason);
      },
      writing: false,
    };
    if (!request.complete)
      request.once('end', () => (work.startBy = performance.now() + shedder.maxWaitMs));
    if (!shedder.shedding) return runRequestWork(work, next);
    // Under overload a client that gave up has usually closed its connection by the time its
    // request is read; Node reads that end in the loop's next turn, so the request starts after it.
    setImmediate(() =>
      setImmediate(() => {
        if (clientLeft(response)) shedder.refused('client_left');
        else runRequestWork(work, next);
      }),
    );
  };
}

function refuse(request: IncomingMessage, response: ServerResponse, seconds: number): void {
  markShed(response);
  const body = JSON.stringify({
    code: ErrorCode.OVERLOADED,
    message:
      'This instance is serving all it can; the request was refused before any work, nothing ' +
      `was done. Retry in ${seconds} seconds.`,
    status: 503,
  });
  const length = Number(request.headers['content-length'] ?? 0);
  if (
    !request.complete &&
    (request.headers['transfer-encoding'] !== undefined || !(length <= DISCARDED_BODY_BYTES))
  )
    response.setHeader('Connection', 'close');
  response.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Retry-After': String(seconds),
  });
  response.end(body);
}

const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

/** A client is its credentials, hashed (FNV-1a): the secret itself is never kept. */
export function clientOf(authorization: string | undefined): number {
  if (authorization === undefined) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < authorization.length; i++)
    hash = Math.imul(hash ^ authorization.charCodeAt(i), 0x01000193);
  return hash >>> 0 || 1;
}
