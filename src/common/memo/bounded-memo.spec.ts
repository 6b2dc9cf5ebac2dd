import { BoundedMemo } from './bounded-memo.js';

describe('BoundedMemo', () => {
  it('hands back what was set, and nothing for a key never set', () => {
    const memo = new BoundedMemo<string, number>(3);
    memo.set('a', 1);
    expect(memo.get('a')).toBe(1);
    expect(memo.get('b')).toBeUndefined();
  });

  it('holds at most max entries: the one past them starts it again empty', () => {
    const memo = new BoundedMemo<number, string>(3);
    for (const key of [1, 2, 3]) memo.set(key, `v${key}`);
    expect([1, 2, 3].map((key) => memo.get(key))).toEqual(['v1', 'v2', 'v3']);
    memo.set(4, 'v4');
    expect([1, 2, 3, 4].map((key) => memo.get(key))).toEqual([
      undefined,
      undefined,
      undefined,
      'v4',
    ]);
  });
});
