import { STATUS_CODES } from 'node:http';
import { HttpStatus } from '@nestjs/common';

/** The codes common/ raises and their statuses; modules use Nest's `errorCode` for theirs. */
export enum ErrorCode {
  VALIDATION_FAILED = 'VALIDATION_FAILED',
  INVALID_JSON = 'INVALID_JSON',
  UNAUTHORIZED = 'UNAUTHORIZED',
  /** A valid key whose scope does not cover the operation (a read key on a write). */
  INSUFFICIENT_SCOPE = 'INSUFFICIENT_SCOPE',
  NOT_FOUND = 'NOT_FOUND',
  METHOD_NOT_ALLOWED = 'METHOD_NOT_ALLOWED',
  /** The operation was removed on its Sunset date; the message and Link name its replacement. */
  GONE = 'GONE',
  REQUEST_TIMEOUT = 'REQUEST_TIMEOUT',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE = 'UNSUPPORTED_MEDIA_TYPE',
  /** An Expect header with an expectation other than 100-continue (RFC 9110 10.1.1). */
  EXPECTATION_FAILED = 'EXPECTATION_FAILED',
  RATE_LIMITED = 'RATE_LIMITED',
  INTERNAL_ERROR = 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
  /** The instance is past what it can serve: refused before any work, nothing was done. */
  OVERLOADED = 'OVERLOADED',
  /** A write whose fate is unknown: the database's answer was lost after it was sent. */
  OUTCOME_UNKNOWN = 'OUTCOME_UNKNOWN',
}

export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  [ErrorCode.VALIDATION_FAILED]: 400,
  [ErrorCode.INVALID_JSON]: 400,
  [ErrorCode.UNAUTHORIZED]: 401,
  [ErrorCode.INSUFFICIENT_SCOPE]: 403,
  [ErrorCode.NOT_FOUND]: 404,
  [ErrorCode.METHOD_NOT_ALLOWED]: 405,
  [ErrorCode.GONE]: 410,
  [ErrorCode.REQUEST_TIMEOUT]: 408,
  [ErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [ErrorCode.EXPECTATION_FAILED]: 417,
  [ErrorCode.RATE_LIMITED]: 429,
  [ErrorCode.INTERNAL_ERROR]: 500,
  [ErrorCode.SERVICE_UNAVAILABLE]: 503,
  [ErrorCode.OVERLOADED]: 503,
  [ErrorCode.OUTCOME_UNKNOWN]: 504,
};

/** A status common/ has a code for carries it: 400 is always VALIDATION_FAILED. */
const CODE_OF_STATUS: ReadonlyMap<number, ErrorCode> = new Map([
  [400, ErrorCode.VALIDATION_FAILED],
  [401, ErrorCode.UNAUTHORIZED],
  [404, ErrorCode.NOT_FOUND],
  [405, ErrorCode.METHOD_NOT_ALLOWED],
  [410, ErrorCode.GONE],
  [413, ErrorCode.PAYLOAD_TOO_LARGE],
  [415, ErrorCode.UNSUPPORTED_MEDIA_TYPE],
  [417, ErrorCode.EXPECTATION_FAILED],
  [429, ErrorCode.RATE_LIMITED],
  [500, ErrorCode.INTERNAL_ERROR],
  [503, ErrorCode.SERVICE_UNAVAILABLE],
]);

/** An error known only by its status: FORBIDDEN for 403, CONFLICT for 409, and so on. */
export function errorCodeOfStatus(status: number): string {
  const name =
    (HttpStatus as unknown as Record<number, string | undefined>)[status] ??
    STATUS_CODES[status]?.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  return CODE_OF_STATUS.get(status) ?? name ?? `HTTP_${status}`;
}

/** What a valid `code` looks like; codes are stable names clients switch on. */
export const ERROR_CODE_PATTERN = /^[A-Z][A-Z0-9_]*$/;
