import { AsyncResource } from 'node:async_hooks';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { identifyRequest, REQUEST_ID_HEADER, type IdentifiedRequest } from './request-id.js';
import type { HeaderList } from './security-headers.js';
import { telemetry } from '../../telemetry/telemetry.js';

/** The status a request log and metrics give a request whose client left before its answer. */
export const CLIENT_LEFT_STATUS = 499;

/** The status a response went out with, or CLIENT_LEFT_STATUS when it never went out whole. */
export const answeredStatus = (response: Response): number =>
  response.writableFinished ? response.statusCode : CLIENT_LEFT_STATUS;

/**
 * Told about every request once its connection is done with it: answered (response.writableFinished)
 * or left by its client before the answer, and how long it took in milliseconds.
 */
export type FinishedRequestObserver = (
  request: IdentifiedRequest,
  response: Response,
  elapsedMs: number,
) => void;

/** The first middleware: request id, fixed headers, one 'close' listener, the server span. */
export function requestLifecycle(
  headersFor: (url: string) => HeaderList,
  observers: readonly FinishedRequestObserver[],
): RequestHandler {
  let finished: Array<{ request: IdentifiedRequest; response: Response; elapsedMs: number }> = [];
  // A batch holds several requests' responses: it runs in the context the middleware was made in,
  // never in that of the request that scheduled it (its trace would claim the others' log lines).
  const observeFinished = AsyncResource.bind((): void => {
    const batch = finished;
    finished = [];
    for (const { request, response, elapsedMs } of batch)
      for (const observe of observers) observe(request, response, elapsedMs);
  });
  return (request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    response.setHeader(REQUEST_ID_HEADER, identifyRequest(request).id);
    for (const [name, value] of headersFor(request.url)) response.setHeader(name, value);
    if (observers.length > 0) {
      response.once('close', () => {
        if (finished.length === 0) setImmediate(observeFinished);
        finished.push({
          request: request as IdentifiedRequest,
          response,
          elapsedMs: performance.now() - started,
        });
      });
    }
    telemetry().traceRequest(request, response, next);
  };
}
