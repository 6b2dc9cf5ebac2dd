import { JsonDecimal } from '../json/exact-json.codec.js';

/** How much of a client's input a message quotes at most; the rest is cut, marked with "…". */
export const QUOTED_INPUT_MAX = 40;

/** At most QUOTED_INPUT_MAX characters of `text`, so no message echoes unbounded input. */
export function cutInput(text: string): string {
  return text.length > QUOTED_INPUT_MAX ? `${text.slice(0, QUOTED_INPUT_MAX)}…` : text;
}

/** Describes what a client sent, briefly, for "got ..." in validation messages. */
export function describeReceived(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return `the string ${JSON.stringify(cutInput(value))}`;
    case 'number':
    case 'bigint':
      return `the number ${cutInput(String(value))}`;
    case 'boolean':
      return `the boolean ${String(value)}`;
    case 'object':
      return value instanceof JsonDecimal ? `the number ${cutInput(value.text)}` : 'an object';
    default:
      return typeof value;
  }
}
