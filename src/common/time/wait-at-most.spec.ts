import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { waitAtMost } from './wait-at-most.js';

describe('waitAtMost', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('returns once the work settles, its timer cleared', async () => {
    let settle!: () => void;
    let returned = false;
    const waiting = waitAtMost(new Promise<void>((done) => (settle = done)), 60_000).then(
      () => (returned = true),
    );
    await jest.advanceTimersByTimeAsync(1_000);
    expect(returned).toBe(false);
    settle();
    await waiting;
    expect(jest.getTimerCount()).toBe(0);
  });

  it('returns after the time given when the work does not settle, and on a failure at once', async () => {
    let returned = false;
    const waiting = waitAtMost(new Promise(() => undefined), 3_000).then(() => (returned = true));
    await jest.advanceTimersByTimeAsync(2_999);
    expect(returned).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await waiting;
    expect(returned).toBe(true);
    await expect(waitAtMost(Promise.reject(new Error('away')), 3_000)).resolves.toBeUndefined();
    expect(jest.getTimerCount()).toBe(0);
  });
});
