import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { HeadersObject } from '@nestjs/swagger';
import { ErrorResponseDto } from './error-response.dto.js';

const DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter is missing or invalid; an unknown property) or `INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and what is allowed.',
  401: 'Missing or invalid API key: `UNAUTHORIZED`.',
  404: 'The requested resource could not be found: `NOT_FOUND`.',
  413: 'The request body is larger than 100 KiB: `PAYLOAD_TOO_LARGE`.',
  415: 'The request body is not sent as `application/json` (utf-8): `UNSUPPORTED_MEDIA_TYPE`.',
  500: 'Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent.',
};

const CHALLENGE: HeadersObject = {
  'WWW-Authenticate': {
    description: 'The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent.',
    required: true,
    schema: { type: 'string', example: 'Bearer realm="petstore"' },
  },
};

/** Documents error responses in the Error shape; `headers` are added to each (e.g. deprecation headers). */
export function ApiErrorResponses(statuses: readonly number[], headers: HeadersObject = {}): MethodDecorator {
  return applyDecorators(
    ...statuses.map((status) => {
      const all = { ...(status === 401 ? CHALLENGE : {}), ...headers };
      return ApiResponse({ status, description: DESCRIPTIONS[status], type: ErrorResponseDto, ...(Object.keys(all).length > 0 ? { headers: all } : {}) });
    }),
  );
}
