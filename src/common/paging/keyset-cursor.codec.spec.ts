import { INT64_MAX, INT64_MIN } from '../int64/int64.js';
import { jest } from '@jest/globals';
import { ISSUED_CURSORS_REMEMBERED, KeysetCursorCodec } from './keyset-cursor.codec.js';

describe('KeysetCursorCodec', () => {
  const codec = new KeysetCursorCodec(Buffer.from('secret-one'));

  it.each([1n, 42n, 9007199254740993n, INT64_MAX, INT64_MIN])('round-trips the id %p', (id) => {
    const cursor = codec.encode(id, 'pets:sold');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(codec.decode(cursor, 'pets:sold')).toBe(id);
  });

  it('does not show the id in the clear', () => {
    expect(codec.encode(12345n, 'pets:*')).not.toContain('12345');
  });

  it('refuses a cursor for another scope', () => {
    expect(codec.decode(codec.encode(5n, 'pets:sold'), 'pets:available')).toBeNull();
  });

  it('refuses a cursor made with another secret', () => {
    expect(
      codec.decode(new KeysetCursorCodec(Buffer.from('secret-two')).encode(5n, 'pets:*'), 'pets:*'),
    ).toBeNull();
  });

  it('refuses an altered cursor', () => {
    const cursor = codec.encode(5n, 'pets:*');
    const altered = `${cursor[0] === 'A' ? 'B' : 'A'}${cursor.slice(1)}`;
    expect(codec.decode(altered, 'pets:*')).toBeNull();
  });

  it.each([
    '',
    'abc',
    '5',
    'A'.repeat(31),
    'A'.repeat(33),
    `${'A'.repeat(31)}=`,
    `${'A'.repeat(31)}+`,
  ])('refuses the malformed cursor %p', (cursor) => {
    expect(codec.decode(cursor, 'pets:*')).toBeNull();
  });

  it('remembers issued cursors: the same boundary is not signed again, and stays the same past the bound', () => {
    const fresh = new KeysetCursorCodec(Buffer.from('secret-three'));
    // mac() is where the HMAC is computed.
    const hmac = jest.spyOn(KeysetCursorCodec.prototype as unknown as { mac: () => Buffer }, 'mac');
    try {
      const first = fresh.encode(7n, 'pets:*');
      const signed = hmac.mock.calls.length;
      expect(signed).toBe(1);
      expect(fresh.encode(7n, 'pets:*')).toBe(first);
      expect(hmac.mock.calls.length).toBe(signed);
      // Another scope or id is another cursor.
      expect(fresh.encode(7n, 'pets:sold')).not.toBe(first);
      expect(fresh.encode(8n, 'pets:*')).not.toBe(first);
      for (let id = 100n; id < 100n + BigInt(ISSUED_CURSORS_REMEMBERED); id++)
        fresh.encode(id, 'pets:*');
      expect(fresh.encode(7n, 'pets:*')).toBe(first);
      expect(fresh.decode(first, 'pets:*')).toBe(7n);
    } finally {
      hmac.mockRestore();
    }
  });
});
