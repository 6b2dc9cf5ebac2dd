import { jest } from '@jest/globals';
import { FixedWindowStorage } from './fixed-window.storage.js';

describe('FixedWindowStorage (ThrottlerStorage)', () => {
  let storage: FixedWindowStorage;

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
    storage = new FixedWindowStorage();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('counts hits per key and blocks past the limit until the window resets', async () => {
    for (let hit = 1; hit <= 3; hit++) {
      await expect(storage.increment('a', 60_000, 3)).resolves.toEqual({
        totalHits: hit,
        timeToExpire: 60,
        isBlocked: false,
        timeToBlockExpire: 0,
      });
    }
    jest.advanceTimersByTime(20_500);
    await expect(storage.increment('a', 60_000, 3)).resolves.toEqual({
      totalHits: 4,
      timeToExpire: 40,
      isBlocked: true,
      timeToBlockExpire: 40,
    });
    await expect(storage.increment('b', 60_000, 3)).resolves.toMatchObject({
      totalHits: 1,
      isBlocked: false,
    });
    jest.advanceTimersByTime(39_500);
    await expect(storage.increment('a', 60_000, 3)).resolves.toEqual({
      totalHits: 1,
      timeToExpire: 60,
      isBlocked: false,
      timeToBlockExpire: 0,
    });
  });

  it("counts hits in the key's window, starts a new one once it expires, and forgets expired ones", () => {
    expect(storage.hit('x', 10_000)).toEqual({ hits: 1, timeToExpire: 10 });
    expect(storage.hit('x', 10_000)).toEqual({ hits: 2, timeToExpire: 10 });
    jest.advanceTimersByTime(10_000);
    expect(storage.hit('x', 10_000)).toEqual({ hits: 1, timeToExpire: 10 });
    jest.advanceTimersByTime(60_000);
    // The next hit, a minute on, drops every expired window: 'x' is gone, 'y' alone counted.
    storage.hit('y', 10_000);
    expect(storage.size).toBe(1);
  });

  it('holds at most maxKeys windows, evicting the oldest, and moves a key whose window resets to the end', () => {
    const bounded = new FixedWindowStorage(2);
    bounded.hit('old', 10_000);
    jest.advanceTimersByTime(1_000);
    bounded.hit('mid', 10_000);
    bounded.hit('new', 10_000);
    expect(bounded.size).toBe(2);
    // Both later keys kept their counts: 'old' gave way.
    expect(bounded.hit('new', 10_000).hits).toBe(2);
    expect(bounded.hit('mid', 10_000).hits).toBe(2);
    jest.advanceTimersByTime(10_000);
    // 'mid' starts a new window and moves last, so the next new key evicts 'new', not 'mid'.
    expect(bounded.hit('mid', 10_000).hits).toBe(1);
    bounded.hit('newest', 10_000);
    expect(bounded.size).toBe(2);
    expect(bounded.hit('mid', 10_000).hits).toBe(2);
  });
});
