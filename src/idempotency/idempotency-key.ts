import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { AppException } from '../common/errors/app.exception.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';
import { JsonDecimal } from '../common/json/exact-json.codec.js';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** 1–255 printable ASCII characters, space to tilde. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;

/** The request's Idempotency-Key, or undefined; 400 when malformed or sent twice. */
export function readIdempotencyKey(request: Request): string | undefined {
  // headersDistinct builds an object of every header on each access: only when the header is there.
  if (request.headers['idempotency-key'] === undefined) return undefined;
  const values = request.headersDistinct['idempotency-key'];
  if (values === undefined) return undefined;
  if (values.length !== 1) throw invalidKey(`sent ${values.length} times; send it once`);
  const [key] = values;
  if (IDEMPOTENCY_KEY_PATTERN.test(key)) return key;
  if (key.length === 0) throw invalidKey('got an empty value');
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) throw invalidKey(`got ${key.length} characters`);
  throw invalidKey('got a character outside that range');
}

function invalidKey(detail: string): AppException {
  return new AppException(
    ErrorCode.VALIDATION_FAILED,
    `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ` +
      `ASCII characters (space to "~"); ${detail}.`,
  );
}

/** What makes two requests the same: the operation and the body as JSON values. */
export function requestHash(method: string, route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${route}\n${canonicalJson(body)}`)
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof JsonDecimal) return value.text;
  if (typeof value === 'bigint') return value.toString();
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}
