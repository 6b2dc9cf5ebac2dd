// Node 24+'s own JSON keeps int64 values exact: JSON.parse hands a reviver each number's source
// text, and JSON.rawJSON writes digits as they are. No second JSON library is needed.
interface ReviverContext {
  source?: string;
}
type Reviver = (this: unknown, key: string, value: unknown, context: ReviverContext) => unknown;
const nativeJson = JSON as unknown as {
  parse(text: string, reviver: Reviver): unknown;
  rawJSON(text: string): unknown;
};

const INTEGER_LITERAL = /^-?[0-9]+$/;

/** A JSON number with a fraction or exponent, as its text: `5.0` and `1e3` are not `5`. */
export class JsonDecimal {
  constructor(readonly text = '') {}

  toString(): string {
    return this.text;
  }
}

/** Safe integers become numbers, larger ones bigints, other numbers JsonDecimal. */
function reviveNumber(_key: string, value: unknown, context: ReviverContext): unknown {
  if (typeof value !== 'number' || context.source === undefined) return value;
  const text = context.source;
  if (!INTEGER_LITERAL.test(text)) return new JsonDecimal(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
}

/** Parses JSON keeping integer digits; SyntaxError on malformed JSON or duplicate keys. */
export function parseJson(text: string): unknown {
  const value = nativeJson.parse(text, reviveNumber);
  const duplicate = findDuplicateKey(text);
  if (duplicate !== undefined) {
    const shown = duplicate.length > 40 ? `${duplicate.slice(0, 40)}…` : duplicate;
    throw new SyntaxError(`Duplicate key ${JSON.stringify(shown)}`);
  }
  return value;
}

/** JSON.parse silently keeps the last of duplicate keys; a client's value must not be lost. */
function findDuplicateKey(text: string): string | undefined {
  const scopes: (Set<string> | null)[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '{') scopes.push(new Set());
    else if (char === '[') scopes.push(null);
    else if (char === '}' || char === ']') scopes.pop();
    else if (char === '"') {
      const start = index;
      let escaped = false;
      for (index++; text[index] !== '"'; index++) {
        if (text[index] === '\\') {
          escaped = true;
          index++;
        }
      }
      const keys = scopes.at(-1);
      if (!keys) continue;
      let next = index + 1;
      while (
        text[next] === ' ' ||
        text[next] === '\n' ||
        text[next] === '\r' ||
        text[next] === '\t'
      )
        next++;
      if (text[next] !== ':') continue;
      const key = escaped
        ? (JSON.parse(text.slice(start, index + 1)) as string)
        : text.slice(start + 1, index);
      if (keys.has(key)) return key;
      keys.add(key);
    }
  }
  return undefined;
}

/** JSON.rawJSON's value: JSON.stringify writes its text as it is, with no replacer. */
export interface RawJsonNumber {
  readonly rawJSON: string;
}

/** A JSON number of these digits, exact whatever its size (JSON.rawJSON). */
export function rawJsonNumber(digits: string): RawJsonNumber {
  return nativeJson.rawJSON(digits) as RawJsonNumber;
}

/** A JSON.stringify replacer writing bigint values as exact JSON numbers. */
function exactJsonReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? nativeJson.rawJSON(value.toString()) : value;
}

/** JSON.stringify, with bigint values written as exact JSON numbers. */
export function stringifyJson(value: unknown): string {
  return JSON.stringify(value, exactJsonReplacer) ?? '';
}

/** Integers beyond 2^53 stay their digits (JSON.rawJSON), so the value writes back exactly. */
function keepDigits(_key: string, value: unknown, context: ReviverContext): unknown {
  if (typeof value !== 'number' || Number.isSafeInteger(value) || context.source === undefined)
    return value;
  return INTEGER_LITERAL.test(context.source) ? nativeJson.rawJSON(context.source) : value;
}

/** Parses JSON that this service wrote, to be written again as it was (int64 values exact). */
export function parseJsonKeepingDigits(text: string): unknown {
  return nativeJson.parse(text, keepDigits);
}
