import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { identifyRequest, REQUEST_ID_HEADER, type IdentifiedRequest } from './request-id.js';
import type { HeaderList } from './security-headers.js';

/** Told about every finished response: its request, and how long it took in milliseconds. */
export type FinishedRequestObserver = (request: IdentifiedRequest, response: Response, elapsedMs: number) => void;

/**
 * The one middleware every request passes first: gives it the server's id (sent on every response,
 * errors included), sets the fixed response headers (`headersFor` its path), and when the response
 * is done tells each observer (the request log, metrics) through a single 'finish' listener. One
 * layer instead of one per concern: each Express layer and each listener costs on every request.
 */
export function requestLifecycle(headersFor: (url: string) => HeaderList, observers: readonly FinishedRequestObserver[]): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    response.setHeader(REQUEST_ID_HEADER, identifyRequest(request).id);
    for (const [name, value] of headersFor(request.url)) response.setHeader(name, value);
    if (observers.length > 0) {
      response.once('finish', () => {
        const elapsedMs = performance.now() - started;
        for (const observe of observers) observe(request as IdentifiedRequest, response, elapsedMs);
      });
    }
    next();
  };
}
