import type { NextFunction, Request, Response } from 'express';

/** Runs the rest of a request (`next`) in its server span's context. */
export type RequestTracer = (request: Request, response: Response, next: NextFunction) => void;

/** What the application asks of tracing, without loading OpenTelemetry (no-ops when off). */
export interface Telemetry {
  /** Whether spans are being made and exported. */
  readonly tracing: boolean;
  /** The first middleware's: the request's server span, the rest of the request inside it. */
  traceRequest: RequestTracer;
  /** Spans handed to the exporter, and spans lost (queue full or export failed), since start. */
  spanCounts(): SpanCounts;
  /** Starts a client span for one webhook attempt; its headers go out with the request. */
  startWebhookAttempt(attempt: WebhookAttemptSpanStart): WebhookAttemptSpan;
  /** The current request's trace as a `traceparent` value, when there is one to continue. */
  currentTraceparent(): string | undefined;
  /** Exports the spans still queued, within the given time, then stops. */
  shutdown(withinMs: number): Promise<void>;
}

export interface SpanCounts {
  exported: number;
  droppedQueueFull: number;
  droppedExportFailed: number;
}

export interface WebhookAttemptSpanStart {
  endpointId: string;
  eventId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** The receiver's host name and port: never its path or query, which may hold a token. */
  serverAddress: string;
  serverPort: number;
  /** The trace of the request that caused the event, when it was traced. */
  parentTraceparent?: string | null;
}

export interface WebhookAttemptSpan {
  /** `traceparent` (and `tracestate`) for the receiver; empty when not traced. */
  readonly headers: Readonly<Record<string, string>>;
  /** Ends the span with the receiver's status, or with what went wrong when none came. */
  end(statusCode: number | undefined, failure?: string): void;
}

const NOT_TRACED_ATTEMPT: WebhookAttemptSpan = { headers: {}, end: () => undefined };

const NO_TELEMETRY: Telemetry = {
  tracing: false,
  traceRequest: (_request, _response, next) => next(),
  spanCounts: () => ({ exported: 0, droppedQueueFull: 0, droppedExportFailed: 0 }),
  startWebhookAttempt: () => NOT_TRACED_ATTEMPT,
  currentTraceparent: () => undefined,
  shutdown: () => Promise.resolve(),
};

let installed: Telemetry = NO_TELEMETRY;

/** The process's telemetry: the no-op one unless instrument.ts turned tracing on. */
export function telemetry(): Telemetry {
  return installed;
}

/** Called once, by the OpenTelemetry set-up, before the application's modules load. */
export function installTelemetry(active: Telemetry): void {
  installed = active;
}
