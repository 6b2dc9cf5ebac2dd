import type { ErrorResponseDoc } from '../common/errors/api-error-responses.decorator.js';

/** The codes of the Idempotency-Key errors. */
export enum IdempotencyErrorCode {
  IDEMPOTENCY_KEY_IN_USE = 'IDEMPOTENCY_KEY_IN_USE',
  IDEMPOTENCY_KEY_REUSED = 'IDEMPOTENCY_KEY_REUSED',
}

/** The error responses of an operation that takes an Idempotency-Key, for its ApiErrorResponses. */
export const IDEMPOTENCY_KEY_IN_USE_RESPONSE: ErrorResponseDoc = {
  status: 409,
  description:
    'A request with the same `Idempotency-Key` is still being processed: ' +
    '`IDEMPOTENCY_KEY_IN_USE`. Retry once it has finished.',
  code: IdempotencyErrorCode.IDEMPOTENCY_KEY_IN_USE,
  message:
    'A request with this Idempotency-Key is still being processed; retry once it has finished.',
};

export const IDEMPOTENCY_KEY_REUSED_RESPONSE: ErrorResponseDoc = {
  status: 422,
  description:
    'The `Idempotency-Key` was already used, within 24 hours, for a different request (another ' +
    'operation or body): `IDEMPOTENCY_KEY_REUSED`.',
  code: IdempotencyErrorCode.IDEMPOTENCY_KEY_REUSED,
  message:
    'This Idempotency-Key was already used for a different request (another operation or body); ' +
    'use a new key for a new request.',
};
