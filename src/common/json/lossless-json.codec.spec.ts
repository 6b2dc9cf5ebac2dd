import { JsonDecimal, parseJson, stringifyJson } from './lossless-json.codec.js';

describe('lossless JSON codec', () => {
  it('keeps integers beyond 2^53 exact as bigint and safe ones as numbers', () => {
    expect(parseJson('{"a":9007199254740993,"b":-9223372036854775808,"c":42}')).toEqual({
      a: 9007199254740993n,
      b: -9223372036854775808n,
      c: 42,
    });
  });

  it('keeps fractions and exponents apart from integers', () => {
    const parsed = parseJson('[5.0, 1e3, 5.5]') as unknown[];
    expect(parsed.every((n) => n instanceof JsonDecimal)).toBe(true);
    expect(parsed.map(String)).toEqual(['5.0', '1e3', '5.5']);
  });

  it('rejects malformed JSON and duplicate keys', () => {
    expect(() => parseJson('{"a":1,')).toThrow();
    expect(() => parseJson('{"a":1,"a":2}')).toThrow(/Duplicate key/);
    expect(() => parseJson("{'a':1}")).toThrow();
  });

  it('does not let __proto__ change the prototype', () => {
    const parsed = parseJson('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('writes bigints as exact JSON numbers and leaves out undefined fields', () => {
    expect(stringifyJson({ id: 9223372036854775807n, name: 'Ünïcødé 🐕', status: undefined })).toBe(
      '{"id":9223372036854775807,"name":"Ünïcødé 🐕"}',
    );
    expect(JSON.parse(stringifyJson({ s: 'a"\\\u0000' }))).toEqual({ s: 'a"\\\u0000' });
  });
});
