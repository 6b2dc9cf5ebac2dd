import type { IncomingMessage } from 'node:http';
import type { Span } from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { ATTR_HTTP_ROUTE } from '@opentelemetry/semantic-conventions';
import type { AuthenticatedRequest } from '../common/auth/api-key.guard.js';
import type { IdentifiedRequest } from '../common/http/request-id.js';

/** The attribute naming the API key a request was made with (its name, never the key). */
export const ATTR_API_KEY_NAME = 'petstore.api_key.name';

/** `/v1/pets/:petId` as the OpenAPI document writes it: `/v1/pets/{petId}`. */
export function routeTemplate(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

function nameServerSpan(span: Span, request: IncomingMessage): void {
  const express = request as AuthenticatedRequest;
  const path = (express.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') {
    const route = routeTemplate(path);
    span.updateName(`${request.method ?? 'GET'} ${route}`);
    span.setAttribute(ATTR_HTTP_ROUTE, route);
  }
  const keyName = express.apiKey?.name;
  if (keyName !== undefined) span.setAttribute(ATTR_API_KEY_NAME, keyName);
}

/**
 * One server span per request, named by method and route template once the route is known (the
 * bare method for a path no route matched). No headers and no body become attributes. Outgoing
 * requests are left to the webhook attempt spans, which say what an attempt was.
 */
export function serverSpans(): HttpInstrumentation {
  return new HttpInstrumentation({
    disableOutgoingRequestInstrumentation: true,
    requestHook: (span, request) => {
      const { traceId, spanId } = span.spanContext();
      (request as IdentifiedRequest).traceIds = { traceId, spanId };
    },
    applyCustomAttributesOnSpan: (span, request) => {
      nameServerSpan(span, request as IncomingMessage);
    },
  });
}
