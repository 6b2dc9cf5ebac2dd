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

  // The native path with JSON.rawJSON (Node 22+), and the marker path Node 20 takes.
  const rawJson = (JSON as unknown as { rawJSON?: (text: string) => unknown }).rawJSON;
  const paths: [string, ((text: string) => unknown) | undefined][] = [['the marker path', undefined]];
  if (rawJson) paths.push(['JSON.rawJSON', rawJson]);

  describe.each(paths)('stringifyJson on %s', (_path, raw) => {
    it('writes bigints as exact JSON numbers and leaves out undefined fields', () => {
      expect(stringifyJson({ id: 9223372036854775807n, name: 'Ünïcødé 🐕', status: undefined }, raw)).toBe('{"id":9223372036854775807,"name":"Ünïcødé 🐕"}');
      expect(stringifyJson([{ id: -9223372036854775808n }, { id: 9007199254740993n }], raw)).toBe('[{"id":-9223372036854775808},{"id":9007199254740993}]');
      expect(JSON.parse(stringifyJson({ s: 'a"\\\u0000' }, raw))).toEqual({ s: 'a"\\\u0000' });
      expect(stringifyJson({ code: 'X', status: 400 }, raw)).toBe('{"code":"X","status":400}');
    });

    it('keeps a client string that imitates the bigint marker as that string', () => {
      const sneaky = '\uDEAD42\uDEAD';
      const text = stringifyJson({ id: 1n, name: sneaky, list: [sneaky] }, raw);
      expect(text).toBe('{"id":1,"name":"\\udead42\\udead","list":["\\udead42\\udead"]}');
      expect(JSON.parse(text)).toEqual({ id: 1, name: sneaky, list: [sneaky] });
    });
  });
});
