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
      // lossless-json keeps fractions and exponents as LosslessNumber, which prints its text.
      return value.constructor?.name === 'LosslessNumber' ? `the number ${String(value)}` : 'an object';
    default:
      return typeof value;
  }
}
