import { JsonDecimal, parseJson, stringifyJson } from './exact-json.codec.js';

describe('exact JSON codec', () => {
  it('keeps integers beyond 2^53 exact as bigint and safe ones as numbers', () => {
    expect(
      parseJson(
        '{"a":9007199254740993,"b":-9223372036854775808,"c":42,"d":[18446744073709551616]}',
      ),
    ).toEqual({
      a: 9007199254740993n,
      b: -9223372036854775808n,
      c: 42,
      d: [18446744073709551616n],
    });
  });

  it('keeps fractions and exponents apart from integers', () => {
    const parsed = parseJson('[5.0, 1e3, 5.5, -0.0]') as unknown[];
    expect(parsed.every((n) => n instanceof JsonDecimal)).toBe(true);
    expect(parsed.map(String)).toEqual(['5.0', '1e3', '5.5', '-0.0']);
  });

  it('rejects malformed JSON', () => {
    expect(() => parseJson('{"a":1,')).toThrow(SyntaxError);
    expect(() => parseJson("{'a':1}")).toThrow(SyntaxError);
    expect(() => parseJson('')).toThrow(SyntaxError);
  });

  it.each([
    ['at the top', '{"a":1,"a":2}', 'a'],
    ['spelled with an escape', '{"a":1,"\\u0061":2}', 'a'],
    ['with white space before the colon', '{"a" :1, "b":{}, "a"\n:2}', 'a'],
    ['in a nested object', '{"a":{"x":1,"y":[{"z":1,"z":2}]}}', 'z'],
    ['after a string value with escaped quotes', '{"a":"\\"b\\":","b":1,"b":2}', 'b'],
  ])('rejects a duplicate key %s', (_case, text, key) => {
    expect(() => parseJson(text)).toThrow(new SyntaxError(`Duplicate key "${key}"`));
  });

  it.each([
    ['in sibling objects', '[{"a":1},{"a":2}]'],
    ['in an outer and an inner object', '{"a":{"a":1}}'],
    ['as a value equal to a key', '{"a":"a","b":"a"}'],
    ['as strings in an array', '{"a":["a","a"]}'],
  ])('accepts the same name %s', (_case, text) => {
    expect(() => parseJson(text)).not.toThrow();
  });

  it('does not let __proto__ change the prototype', () => {
    const parsed = parseJson('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('writes bigints as exact JSON numbers and leaves out undefined fields', () => {
    expect(stringifyJson({ id: 9223372036854775807n, name: 'Ünïcødé 🐕', status: undefined })).toBe(
      '{"id":9223372036854775807,"name":"Ünïcødé 🐕"}',
    );
    expect(stringifyJson([{ id: -9223372036854775808n }, { id: 9007199254740993n }])).toBe(
      '[{"id":-9223372036854775808},{"id":9007199254740993}]',
    );
    expect(JSON.parse(stringifyJson({ s: 'a"\\\u0000' }))).toEqual({ s: 'a"\\\u0000' });
    expect(stringifyJson({ code: 'X', status: 400 })).toBe('{"code":"X","status":400}');
  });

  it('round-trips int64 values exactly', () => {
    const text = '{"id":-9223372036854775808,"categoryId":9223372036854775807}';
    expect(stringifyJson(parseJson(text))).toBe(text);
  });
});
