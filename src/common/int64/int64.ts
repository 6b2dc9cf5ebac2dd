/** Signed 64-bit integers, kept exact as bigint (JSON numbers above 2^53 lose digits as JS numbers). */
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

/** Parses a plain decimal integer (optional minus, digits only); null when malformed or out of range. */
export function parseInt64(text: string): bigint | null {
  if (!DECIMAL_INTEGER.test(text)) return null;
  const value = BigInt(text);
  return value >= INT64_MIN && value <= INT64_MAX ? value : null;
}
