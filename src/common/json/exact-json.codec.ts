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

/**
 * A JSON number written with a fraction or an exponent, kept as its text, so an integer field can
 * tell `5.0` or `1e3` from `5`. class-transformer requires a constructor without arguments.
 */
export class JsonDecimal {
  constructor(readonly text = '') {}

  toString(): string {
    return this.text;
  }
}

/**
 * Integers stay exact: safe ones become numbers, larger ones bigints; other numbers JsonDecimal.
 */
function reviveNumber(_key: string, value: unknown, context: ReviverContext): unknown {
  if (typeof value !== 'number' || context.source === undefined) return value;
  const text = context.source;
  if (!INTEGER_LITERAL.test(text)) return new JsonDecimal(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
}

/**
 * Parses JSON text without losing integer digits; throws SyntaxError on malformed JSON or duplicate
 * keys.
 */
export function parseJson(text: string): unknown {
  const value = nativeJson.parse(text, reviveNumber);
  const duplicate = findDuplicateKey(text);
  if (duplicate !== undefined) {
    const shown = duplicate.length > 40 ? `${duplicate.slice(0, 40)}…` : duplicate;
    throw new SyntaxError(`Duplicate key ${JSON.stringify(shown)}`);
  }
  return value;
}

/**
 * JSON.parse silently keeps the last of duplicate keys; a client's value must never be lost that
 * way. The text is already valid JSON, so only strings and nesting are tracked.
 */
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

/**
 * A JSON.stringify replacer that writes bigint values as exact JSON numbers (Express's `json
 * replacer` setting).
 */
export function exactJsonReplacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? nativeJson.rawJSON(value.toString()) : value;
}

/**
 * Serialises like JSON.stringify (natively, for speed), but writes bigint values as exact JSON
 * numbers.
 */
export function stringifyJson(value: unknown): string {
  return JSON.stringify(value, exactJsonReplacer) ?? '';
}
