/**
 * Signed 64-bit integers, kept exact as bigint (JSON numbers above 2^53 lose digits as JS numbers).
 */
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

/**
 * Parses a plain decimal integer (optional minus, digits only); null when malformed or out of
 * range.
 */
export function parseInt64(text: string): bigint | null {
  if (!DECIMAL_INTEGER.test(text)) return null;
  const value = BigInt(text);
  return value >= INT64_MIN && value <= INT64_MAX ? value : null;
}

// How both databases print an integer: no sign on zero, no leading zeros; always a valid JSON
// number.
const CANONICAL_DECIMAL = /^(?:0|-?[1-9][0-9]{0,18})$/;

/**
 * An int64 as a driver hands it over (number, decimal text or bigint), as a bigint. Refuses (a 500)
 * what no int64 column holds or a number that may be rounded, rather than pass on a changed value.
 */
export function int64FromDatabase(value: string | number | bigint): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' ? Number.isSafeInteger(value) : CANONICAL_DECIMAL.test(value))
    return BigInt(value);
  throw new Error(`not an int64 in decimal: ${JSON.stringify(String(value).slice(0, 40))}`);
}
