import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { EVENT_ID_PATTERN, EventIdCodec } from './event-id.codec.js';

describe('EventIdCodec', () => {
  const codec = new EventIdCodec(randomBytes(16), 1041n);

  it('gives each sequence number an opaque id that decodes to it, and to nothing else', () => {
    const ids = [1n, 2n, 3n, 1042n, 2n ** 62n].map((sequence) => codec.encode(sequence));
    for (const id of ids) expect(id).toMatch(new RegExp(EVENT_ID_PATTERN));
    expect(ids.map((id) => codec.decode(id))).toEqual([1n, 2n, 3n, 1042n, 2n ** 62n]);
    // Neighbours share nothing that would let one count the events between them.
    const [one, two] = ids;
    expect([...one].filter((character, index) => two[index] === character).length).toBeLessThan(10);
    // The same key gives the same id every time (every instance, every restart).
    expect(codec.encode(1042n)).toBe(ids[3]);
  });

  it('refuses ids it did not make: another key, a changed character, a non-canonical spelling', () => {
    const id = codec.encode(7n);
    expect(new EventIdCodec(randomBytes(16), 0n).decode(id)).toBeUndefined();
    const changed = id.slice(0, 10) + (id[10] === 'A' ? 'B' : 'A') + id.slice(11);
    expect(codec.decode(changed)).toBeUndefined();
    expect(codec.decode(id.toLowerCase())).toBeUndefined();
    expect(codec.decode('evt_AAAAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
    expect(codec.decode('7')).toBeUndefined();
  });

  it('resumes after an id, or after a numeric id up to the last one given as a number', () => {
    expect(codec.resumeAfter(codec.encode(5_000n))).toBe(5_000n);
    expect(codec.resumeAfter('0')).toBe(0n);
    expect(codec.resumeAfter('1041')).toBe(1_041n);
    expect(codec.resumeAfter('1042')).toBeUndefined();
    expect(codec.resumeAfter('01')).toBeUndefined();
  });
});
