import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { HeadersObject } from '@nestjs/swagger';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from './idempotency-key.js';
import { IDEMPOTENT_REPLAYED_HEADER, IdempotencyInterceptor } from './idempotency.interceptor.js';

/** Makes a create safe to retry with an Idempotency-Key, and documents the header. */
export function Idempotent(): MethodDecorator {
  return applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        'Makes the request safe to retry: 1 to 255 printable ASCII characters, unique per ' +
        'request (a UUID, say). ' +
        'A repeat with the same key and the same body, within 24 hours and with the same API ' +
        'key, creates nothing ' +
        'and gets the first response again, with `Idempotent-Replayed: true`; the same key with ' +
        'another body is ' +
        '422 `IDEMPOTENCY_KEY_REUSED`; a repeat while the first is still running is 409 ' +
        '`IDEMPOTENCY_KEY_IN_USE`. ' +
        'Only a success is kept: after an error the key may be used again.',
      schema: {
        type: 'string',
        minLength: 1,
        maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
        pattern: '^[ -~]+$',
        example: '5f0c6f4e-8f1a-4c47-9d5e-3b1f0a2d9c11',
      },
    }),
  );
}

/** The header a replayed success carries, for the operation's success response. */
export const IDEMPOTENT_REPLAY_HEADERS: HeadersObject = {
  [IDEMPOTENT_REPLAYED_HEADER]: {
    description:
      'Present, as `true`, when this is the kept response of an earlier request with the same ' +
      'Idempotency-Key.',
    required: false,
    schema: { type: 'string', enum: ['true'] },
  },
};
