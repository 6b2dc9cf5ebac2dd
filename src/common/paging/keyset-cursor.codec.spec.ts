import { INT64_MAX, INT64_MIN } from '../int64/int64.js';
import { KeysetCursorCodec } from './keyset-cursor.codec.js';

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
    expect(codec.decode(new KeysetCursorCodec(Buffer.from('secret-two')).encode(5n, 'pets:*'), 'pets:*')).toBeNull();
  });

  it('refuses an altered cursor', () => {
    const cursor = codec.encode(5n, 'pets:*');
    const altered = `${cursor[0] === 'A' ? 'B' : 'A'}${cursor.slice(1)}`;
    expect(codec.decode(altered, 'pets:*')).toBeNull();
  });

  it.each(['', 'abc', '5', 'A'.repeat(31), 'A'.repeat(33), `${'A'.repeat(31)}=`, `${'A'.repeat(31)}+`])('refuses the malformed cursor %p', (cursor) => {
    expect(codec.decode(cursor, 'pets:*')).toBeNull();
  });
});
