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

type RawJson = (text: string) => unknown;
const rawJson = (JSON as unknown as { rawJSON?: RawJson }).rawJSON;

// Node 20 has no JSON.rawJSON: bigints go out as a marker string wrapped in lone surrogates, which
// JSON.stringify always escapes, and the markers are then replaced by the digits.
const MARK = '\uDEAD';
const MARKED = /"\\udead(-?[0-9]+)\\udead"/g;

/** Serialises like JSON.stringify (natively, for speed), but writes bigint values as exact JSON numbers. */
export function stringifyJson(value: unknown, raw: RawJson | undefined = rawJson): string {
  if (raw) return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? raw(item.toString()) : item)) ?? '';
  let bigints = 0;
  const marked = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? (bigints++, `${MARK}${item}${MARK}`) : item)) ?? '';
  if (bigints === 0) return marked;
  let replaced = 0;
  const text = marked.replace(MARKED, (_match, digits: string) => (replaced++, digits));
  // A client string that looks like a marker (it would hold lone surrogates) makes the counts
  // differ: then take the slow, exact path.
  return replaced === bigints ? text : (stringify(value) ?? '');
}
