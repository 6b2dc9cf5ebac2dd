import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { HeadersObject } from '@nestjs/swagger';
import { ErrorCode, errorCodeOfStatus } from './error-code.enum.js';
import type { ErrorResponseDto as ErrorBody } from './error-response.dto.js';
import { ErrorResponseDto } from './error-response.dto.js';

const error = (code: string, message: string, status: number): ErrorBody => ({
  code,
  message,
  status,
});

/** An error response in an operation's own words: status, meaning and an example. */
export interface ErrorResponseDoc {
  status: number;
  /** What the error means for this operation; name its code in backticks. */
  description: string;
  code: string;
  /** An example message. */
  message: string;
}

const RESPONSES: Readonly<Record<number, { description: string; example: ErrorBody }>> = {
  400: {
    description:
      'The request is invalid: `VALIDATION_FAILED` (a field, query or path parameter, or a ' +
      'header such as `Idempotency-Key`, is missing or invalid; an unknown property) or ' +
      '`INVALID_JSON` (the body is not valid JSON or UTF-8). The message names the field and ' +
      'what is allowed.',
    example: error(
      ErrorCode.VALIDATION_FAILED,
      'limit must be an integer from 1 to 100, in plain decimal digits, given once; got the ' +
        'string "500".',
      400,
    ),
  },
  401: {
    description: 'Missing or invalid API key: `UNAUTHORIZED`.',
    example: error(
      ErrorCode.UNAUTHORIZED,
      'An API key is required: send it as "Authorization: Bearer <key>".',
      401,
    ),
  },
  404: {
    description: 'The requested resource could not be found: `NOT_FOUND`.',
    example: error(ErrorCode.NOT_FOUND, 'No resource with id 42.', 404),
  },
  408: {
    description:
      'The request body did not arrive within 5 seconds of its headers: `REQUEST_TIMEOUT`; the ' +
      'connection is closed.',
    example: error(ErrorCode.REQUEST_TIMEOUT, 'The request body did not arrive within 5 s.', 408),
  },
  413: {
    description: 'The request body is larger than 16 KiB: `PAYLOAD_TOO_LARGE`.',
    example: error(
      ErrorCode.PAYLOAD_TOO_LARGE,
      'The request body is larger than 16384 bytes (16 KiB).',
      413,
    ),
  },
  415: {
    description:
      'The request body is not sent as `application/json` (utf-8): `UNSUPPORTED_MEDIA_TYPE`.',
    example: error(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'The request body must be sent with Content-Type: application/json; got text/plain.',
      415,
    ),
  },
  429: {
    description:
      'Too many requests for this API key (or, without a valid key, from this address): ' +
      '`RATE_LIMITED`. Retry after the `Retry-After` seconds.',
    example: error(
      ErrorCode.RATE_LIMITED,
      'Too many requests: this API key made more than 1200 requests in 60 s; retry in 42 s.',
      429,
    ),
  },
  500: {
    description:
      'Unexpected failure: `INTERNAL_ERROR`. Details are logged by the server, never sent.',
    example: error(ErrorCode.INTERNAL_ERROR, 'The server failed to handle the request.', 500),
  },
  503: {
    description:
      'The database is not reachable right now, or refused the work within its time limits: ' +
      '`SERVICE_UNAVAILABLE`; or the instance is serving all it can and refused the request ' +
      'before any work: `OVERLOADED`. Nothing was changed. Retry after the `Retry-After` seconds.',
    example: error(
      ErrorCode.SERVICE_UNAVAILABLE,
      'The database is not reachable right now; nothing was changed. Retry in 2 seconds.',
      503,
    ),
  },
  504: {
    description:
      'The change was sent to the database and its answer was lost (the connection broke, or no ' +
      'answer came in time): `OUTCOME_UNKNOWN`. ' +
      'It may or may not have been made; retry the request as it was sent (a create with the ' +
      'same `Idempotency-Key`, a change with the same `If-Match`) to learn which without making ' +
      'it twice.',
    example: error(
      ErrorCode.OUTCOME_UNKNOWN,
      'The connection to the database broke after the change was sent: whether it was made is ' +
        'unknown. Retry the request as it was sent (a create with its Idempotency-Key, a change ' +
        'with its If-Match) to learn the outcome without making it twice.',
      504,
    ),
  },
};

const RETRY_AFTER: HeadersObject = {
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    required: true,
    schema: { type: 'integer', example: 2 },
  },
};

const CHALLENGE: HeadersObject = {
  'WWW-Authenticate': {
    description:
      'The Bearer challenge (RFC 6750), with `error="invalid_token"` when a key was sent.',
    required: true,
    schema: { type: 'string', example: 'Bearer realm="petstore"' },
  },
};

function describe(response: number | ErrorResponseDoc): {
  status: number;
  description: string;
  example: ErrorBody;
} {
  if (typeof response !== 'number')
    return {
      status: response.status,
      description: response.description,
      example: error(response.code, response.message, response.status),
    };
  const known = RESPONSES[response];
  if (known) return { status: response, ...known };
  const code = errorCodeOfStatus(response);
  return {
    status: response,
    description: `\`${code}\`.`,
    example: error(code, humanize(code), response),
  };
}

function humanize(code: string): string {
  const words = code.replaceAll('_', ' ').toLowerCase();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

/** Error responses in the Error shape: a status takes the common wording, a doc its own. */
export function ApiErrorResponses(
  responses: readonly (number | ErrorResponseDoc)[],
  headers: HeadersObject = {},
): MethodDecorator {
  const byStatus = new Map<number, ReturnType<typeof describe>[]>();
  for (const response of responses.map(describe))
    byStatus.set(response.status, [...(byStatus.get(response.status) ?? []), response]);
  return applyDecorators(
    ...[...byStatus].map(([status, described]) => {
      const all = {
        ...(status === 401 ? CHALLENGE : {}),
        // The RateLimit headers are stated for all responses by stateAnswerHeaders.
        ...(status === 429 ? RETRY_AFTER : {}),
        ...(status === 503 ? RETRY_AFTER : {}),
        ...headers,
      };
      const description = described.map((response) => response.description).join(' ');
      const examples =
        described.length === 1
          ? { example: described[0].example }
          : {
              examples: Object.fromEntries(
                described.map(({ example }) => [
                  example.code,
                  { summary: example.code, value: example },
                ]),
              ),
            };
      return ApiResponse({
        status,
        description,
        type: ErrorResponseDto,
        ...examples,
        ...(Object.keys(all).length > 0 ? { headers: all } : {}),
      });
    }),
  );
}
