import { LosslessNumber, parse, stringify } from 'lossless-json';

const INTEGER_LITERAL = /^-?[0-9]+$/;

/**
 * Integers stay exact: safe ones become numbers, larger ones bigints. Fractions and exponents
 * stay LosslessNumber, so a field that wants an integer can tell `5.0` or `1e3` from `5`.
 */
function parseNumber(text: string): number | bigint | LosslessNumber {
  if (INTEGER_LITERAL.test(text)) {
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : BigInt(text);
  }
  return new LosslessNumber(text);
}

/** Parses JSON text without losing integer digits; throws SyntaxError on malformed JSON or duplicate keys. */
export function parseJson(text: string): unknown {
  return parse(text, null, parseNumber);
}

/** Serialises like JSON.stringify, but writes bigint values as exact JSON numbers. */
export function stringifyJson(value: unknown): string {
  return stringify(value) ?? '';
}
