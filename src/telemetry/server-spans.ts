import {
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  context,
  propagation,
  trace,
} from '@opentelemetry/api';
import {
  ATTR_CLIENT_ADDRESS,
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_NETWORK_PROTOCOL_VERSION,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_URL_PATH,
  ATTR_URL_QUERY,
  ATTR_URL_SCHEME,
  ATTR_USER_AGENT_ORIGINAL,
} from '@opentelemetry/semantic-conventions';
import type { Request, Response } from 'express';
import type { AuthenticatedRequest } from '../common/auth/api-key.guard.js';
import type { IdentifiedRequest } from '../common/http/request-id.js';
import type { RequestTracer } from './telemetry.js';

/** The attribute naming the API key a request was made with (its name, never the key). */
export const ATTR_API_KEY_NAME = 'petstore.api_key.name';

/** The methods HTTP semantic conventions name; any other is `_OTHER`. */
const KNOWN_METHODS = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'CONNECT',
  'OPTIONS',
  'TRACE',
  'PATCH',
]);

/** `/v1/pets/:petId` as the OpenAPI document writes it: `/v1/pets/{petId}`. */
export function routeTemplate(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

/** What a sampled request's span says of it; never a header but User-Agent, never the body. */
function requestAttributes(request: Request, method: string): Record<string, string | number> {
  const question = request.url.indexOf('?');
  return {
    [ATTR_HTTP_REQUEST_METHOD]: method,
    [ATTR_URL_PATH]: question === -1 ? request.url : request.url.slice(0, question),
    ...(question === -1 ? {} : { [ATTR_URL_QUERY]: request.url.slice(question + 1) }),
    [ATTR_URL_SCHEME]: request.protocol,
    [ATTR_SERVER_ADDRESS]: request.hostname,
    ...(request.socket.localPort === undefined
      ? {}
      : { [ATTR_SERVER_PORT]: request.socket.localPort }),
    [ATTR_CLIENT_ADDRESS]: request.ip ?? '',
    [ATTR_NETWORK_PROTOCOL_VERSION]: request.httpVersion,
    ...(request.headers['user-agent'] === undefined
      ? {}
      : { [ATTR_USER_AGENT_ORIGINAL]: request.headers['user-agent'] }),
  };
}

/** Names the span by the route that served the request, and ends it with the answer. */
function endServerSpan(span: Span, method: string, request: Request, response: Response): void {
  const path = (request.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') {
    const route = routeTemplate(path);
    span.updateName(`${method} ${route}`);
    span.setAttribute(ATTR_HTTP_ROUTE, route);
  }
  const keyName = (request as AuthenticatedRequest).apiKey?.name;
  if (keyName !== undefined) span.setAttribute(ATTR_API_KEY_NAME, keyName);
  const status = response.statusCode;
  span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
  if (status >= 500) {
    span.setAttribute(ATTR_ERROR_TYPE, String(status));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

/**
 * One server span per request, named by method and route once known; a request not sampled costs
 * an id and a context. Ours rather than instrumentation-http, for its cost (docs/maintainers.md).
 */
export function serverSpans(tracer: Tracer): RequestTracer {
  return (request, response, next) => {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const method = KNOWN_METHODS.has(request.method) ? request.method : '_OTHER';
    const span = tracer.startSpan(method, { kind: SpanKind.SERVER }, parent);
    const { traceId, spanId, traceFlags } = span.spanContext();
    // Written as OpenTelemetry's pino instrumentation writes them on the request's other lines.
    (request as IdentifiedRequest).traceIds = {
      traceId,
      spanId,
      traceFlags: `0${traceFlags.toString(16)}`,
    };
    if (span.isRecording()) {
      span.setAttributes(requestAttributes(request, method));
      response.once('close', () => endServerSpan(span, method, request, response));
    }
    context.with(trace.setSpan(parent, span), next);
  };
}
