import { parse, stringify } from 'lossless-json';

const INTEGER_LITERAL = /^-?[0-9]+$/;

/**
 * A JSON number written with a fraction or an exponent, kept as its text, so a field that wants
 * an integer can tell `5.0` or `1e3` from `5`. Constructible without arguments, as
 * class-transformer requires of every object it copies.
 */
export class JsonDecimal {
  constructor(readonly text = '') {}

  toString(): string {
    return this.text;
  }
}

/** Integers stay exact: safe ones become numbers, larger ones bigints; other numbers JsonDecimal. */
function parseNumber(text: string): number | bigint | JsonDecimal {
  if (INTEGER_LITERAL.test(text)) {
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : BigInt(text);
  }
  return new JsonDecimal(text);
}

/** Parses JSON text without losing integer digits; throws SyntaxError on malformed JSON or duplicate keys. */
export function parseJson(text: string): unknown {
  return parse(text, null, parseNumber);
}

/** Serialises like JSON.stringify, but writes bigint values as exact JSON numbers. */
export function stringifyJson(value: unknown): string {
  return stringify(value) ?? '';
}
