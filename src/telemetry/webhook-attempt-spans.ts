import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  propagation,
  trace,
} from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_REQUEST_RESEND_COUNT,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
} from '@opentelemetry/semantic-conventions';
import type { WebhookAttemptSpan, WebhookAttemptSpanStart } from './telemetry.js';

export const ATTR_WEBHOOK_ENDPOINT_ID = 'petstore.webhook.endpoint_id';
export const ATTR_WEBHOOK_EVENT_ID = 'petstore.webhook.event_id';

/** A client span per webhook attempt, in the event's trace; the URL's path and query stay out. */
export function webhookAttemptSpans(
  tracer: Tracer,
): (attempt: WebhookAttemptSpanStart) => WebhookAttemptSpan {
  return (attempt) => {
    const parent = attempt.parentTraceparent
      ? propagation.extract(ROOT_CONTEXT, { traceparent: attempt.parentTraceparent })
      : ROOT_CONTEXT;
    const span = tracer.startSpan(
      'POST webhook',
      {
        kind: SpanKind.CLIENT,
        attributes: {
          [ATTR_HTTP_REQUEST_METHOD]: 'POST',
          [ATTR_SERVER_ADDRESS]: attempt.serverAddress,
          [ATTR_SERVER_PORT]: attempt.serverPort,
          [ATTR_WEBHOOK_ENDPOINT_ID]: attempt.endpointId,
          [ATTR_WEBHOOK_EVENT_ID]: attempt.eventId,
          ...(attempt.attempt > 1 ? { [ATTR_HTTP_REQUEST_RESEND_COUNT]: attempt.attempt - 1 } : {}),
        },
      },
      parent,
    );
    const headers: Record<string, string> = {};
    propagation.inject(trace.setSpan(parent, span), headers);
    return {
      headers,
      end: (statusCode, failure) => {
        if (statusCode !== undefined) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, statusCode);
        if (statusCode === undefined || statusCode >= 400) {
          span.setAttribute(
            ATTR_ERROR_TYPE,
            statusCode === undefined ? 'no_answer' : String(statusCode),
          );
          span.setStatus({ code: SpanStatusCode.ERROR, message: failure });
        }
        span.end();
      },
    };
  };
}
