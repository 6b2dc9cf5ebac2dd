import type { Request } from 'express';
import { parseJson } from '../common/json/exact-json.codec.js';
import { readIdempotencyKey, requestHash } from './idempotency-key.js';

const requestWith = (values?: string[]) =>
  (values === undefined
    ? { headers: {}, headersDistinct: {} }
    : {
        headers: { 'idempotency-key': values.join(', ') },
        headersDistinct: { 'idempotency-key': values },
      }) as unknown as Request;

describe('readIdempotencyKey', () => {
  it('is undefined without the header', () => {
    expect(readIdempotencyKey(requestWith())).toBeUndefined();
  });

  it.each(['a', ' x ~', 'k'.repeat(255), '5f0c6f4e-8f1a-4c47-9d5e-3b1f0a2d9c11'])(
    'accepts %p',
    (key) => {
      expect(readIdempotencyKey(requestWith([key]))).toBe(key);
    },
  );

  it.each([
    ['', /got an empty value/],
    ['k'.repeat(256), /got 256 characters/],
    ['tab\there', /outside that range/],
    ['caf\u00e9', /outside that range/],
    ['nul\u0000', /outside that range/],
  ])(
    'refuses %p with 400 VALIDATION_FAILED naming the header and what is allowed',
    (key, detail) => {
      expect(() => readIdempotencyKey(requestWith([key]))).toThrow(
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          message: expect.stringMatching(detail),
        }),
      );
      expect(() => readIdempotencyKey(requestWith([key]))).toThrow(
        /Idempotency-Key header must be 1 to 255 printable ASCII characters/,
      );
    },
  );

  it('refuses the header sent twice', () => {
    expect(() => readIdempotencyKey(requestWith(['a', 'b']))).toThrow(/sent 2 times/);
  });
});

describe('requestHash', () => {
  const hashOf = (text: string, route = '/v1/pets') => requestHash('POST', route, parseJson(text));

  it('is the same for the same JSON values, whatever the key order and spacing', () => {
    expect(hashOf('{"name":"Rex","categoryId":9007199254740993}')).toBe(
      hashOf('{ "categoryId" : 9007199254740993 ,\n"name":"Rex" }'),
    );
  });

  it('differs for another value, another number spelling, another nesting or another route', () => {
    const base = hashOf('{"name":"Rex","categoryId":1}');
    expect(hashOf('{"name":"Rex","categoryId":2}')).not.toBe(base);
    expect(hashOf('{"name":"Rex","categoryId":1.0}')).not.toBe(base);
    expect(hashOf('{"name":"Rex","categoryId":"1"}')).not.toBe(base);
    expect(hashOf('{"name":["Rex"],"categoryId":1}')).not.toBe(base);
    expect(hashOf('{"name":"Rex","categoryId":1}', '/v1/store/orders')).not.toBe(base);
    // int64 digits count: 2^53 + 1 and 2^53 are different requests.
    expect(hashOf('{"categoryId":9007199254740993}')).not.toBe(
      hashOf('{"categoryId":9007199254740992}'),
    );
  });
});
