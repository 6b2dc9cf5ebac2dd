import { JsonDecimal } from '../json/exact-json.codec.js';

/** Describes what a client sent, briefly, for "got ..." in validation messages. */
export function describeReceived(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string': {
      const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
      return `the string ${JSON.stringify(shown)}`;
    }
    case 'number':
    case 'bigint':
      return `the number ${String(value)}`;
    case 'boolean':
      return `the boolean ${String(value)}`;
    case 'object':
      return value instanceof JsonDecimal ? `the number ${value.text}` : 'an object';
    default:
      return typeof value;
  }
}
