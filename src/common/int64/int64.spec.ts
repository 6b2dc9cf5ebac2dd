import { INT64_MAX, INT64_MIN, int64FromDatabase, isInt64, parseInt64, toInt64 } from './int64.js';

describe('int64', () => {
  it('parses decimal integers across the whole int64 range exactly', () => {
    expect(parseInt64('9223372036854775807')).toBe(INT64_MAX);
    expect(parseInt64('-9223372036854775808')).toBe(INT64_MIN);
    expect(parseInt64('9007199254740993')).toBe(9007199254740993n);
    expect(parseInt64('0')).toBe(0n);
    expect(parseInt64('007')).toBe(7n);
  });

  it.each([
    '9223372036854775808',
    '-9223372036854775809',
    '1.5',
    '1e3',
    '0x10',
    ' 1',
    '1 ',
    '+1',
    '',
    '-',
    'abc',
    '123456789012345678901',
  ])('rejects %p', (text) => {
    expect(parseInt64(text)).toBeNull();
  });

  it('accepts safe integers and in-range bigints only', () => {
    expect(isInt64(5)).toBe(true);
    expect(isInt64(-5)).toBe(true);
    expect(isInt64(INT64_MAX)).toBe(true);
    expect(isInt64(INT64_MIN)).toBe(true);
    expect(isInt64(INT64_MAX + 1n)).toBe(false);
    expect(isInt64(INT64_MIN - 1n)).toBe(false);
    expect(isInt64(5.5)).toBe(false);
    expect(isInt64(2 ** 60)).toBe(false);
    expect(isInt64('5')).toBe(false);
    expect(isInt64(true)).toBe(false);
    expect(isInt64(null)).toBe(false);
  });

  it('converts to bigint without rounding', () => {
    expect(toInt64('9007199254740993')).toBe(9007199254740993n);
    expect(toInt64(42)).toBe(42n);
    expect(toInt64(7n)).toBe(7n);
  });
});

describe('int64FromDatabase', () => {
  it.each(['0', '-1', '9223372036854775807', '-9223372036854775808'])(
    'reads the database text %p exactly',
    (text) => {
      expect(int64FromDatabase(text)).toBe(BigInt(text));
    },
  );

  it('takes bigint as it is, and safe integers', () => {
    expect(int64FromDatabase(9223372036854775807n)).toBe(9223372036854775807n);
    expect(int64FromDatabase(42)).toBe(42n);
  });

  it.each(['', 'abc', '1.5', '1e3', ' 1', '007', '-0', '12345678901234567890', 2 ** 60, 1.5])(
    'refuses %p, which no int64 column should hold',
    (value) => {
      expect(() => int64FromDatabase(value)).toThrow(/not an int64 in decimal/);
    },
  );
});
