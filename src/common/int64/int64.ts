import { rawJsonNumber, type RawJsonNumber } from '../json/exact-json.codec.js';

/** Signed 64-bit integers, kept exact as bigint. */
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

const DECIMAL_INTEGER = /^-?[0-9]{1,20}$/;

export function isInt64(value: unknown): value is number | bigint {
  if (typeof value === 'bigint') return value >= INT64_MIN && value <= INT64_MAX;
  // Numbers reach here only when safe: the JSON codec turns every unsafe integer into a bigint.
  return typeof value === 'number' && Number.isSafeInteger(value);
}

export function toInt64(value: number | bigint | string): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}

/** A plain decimal integer; null when malformed or out of range. */
export function parseInt64(text: string): bigint | null {
  if (!DECIMAL_INTEGER.test(text)) return null;
  const value = BigInt(text);
  return value >= INT64_MIN && value <= INT64_MAX ? value : null;
}

// How both databases print an integer: no sign on zero, no leading zeros; always a valid JSON
// number.
const CANONICAL_DECIMAL = /^(?:0|-?[1-9][0-9]{0,18})$/;

/** A driver's int64 as a bigint; refuses (500) what may already have lost digits. */
export function int64FromDatabase(value: string | number | bigint): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' ? Number.isSafeInteger(value) : CANONICAL_DECIMAL.test(value))
    return BigInt(value);
  throw new Error(`not an int64 in decimal: ${JSON.stringify(String(value).slice(0, 40))}`);
}

/**
 * An int64 as a response DTO holds it: a number when exact as one, else its digits as raw JSON, so
 * JSON.stringify writes it exactly with no replacer (a replacer takes V8 off its fast path).
 */
export type JsonInt64 = number | RawJsonNumber;

export function jsonInt64(value: bigint): JsonInt64 {
  return value >= MIN_SAFE && value <= MAX_SAFE ? Number(value) : rawJsonNumber(value.toString());
}

/** Its decimal digits, for a URL or a message. */
export function jsonInt64Text(value: JsonInt64): string {
  return typeof value === 'number' ? String(value) : value.rawJSON;
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
