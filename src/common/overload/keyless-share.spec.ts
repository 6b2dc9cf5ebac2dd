import type { ClientLine, Waiter } from './fair-queue.js';
import { ANONYMOUS, ANONYMOUS_MIN_PER_TICK, KeylessShare } from './keyless-share.js';

const line = (client: string): ClientLine<Waiter> => ({
  client,
  running: 0,
  waiting: 0,
  started: 0,
  startedTick: -1,
  queue: [],
  head: 0,
});

describe('KeylessShare', () => {
  it("holds the keyless client to the busiest key's last tick while the loop is saturated", () => {
    const share = new KeylessShare();
    const keyless = line(ANONYMOUS);
    const [busy, quiet] = [line('busy'), line('quiet')];
    for (let i = 0; i < 7; i++) share.started(busy);
    share.started(quiet);
    for (let i = 0; i < 100; i++) share.started(keyless);
    // Not saturated: nobody held.
    share.nextTick(0.5);
    expect(share.holding).toBe(false);
    for (let i = 0; i < 7; i++) share.started(busy);
    share.nextTick(0.99);
    expect(share.holding).toBe(true);
    for (let i = 0; i < 7; i++) {
      expect(share.holds(keyless)).toBe(false);
      share.started(keyless);
    }
    expect(share.holds(keyless)).toBe(true);
    expect(share.holds(busy)).toBe(false);
  });

  it('lets the keyless client start a few a tick however little the keys start, and all when no key does', () => {
    const share = new KeylessShare();
    const keyless = line(ANONYMOUS);
    share.started(line('key'));
    share.nextTick(1);
    for (let i = 0; i < ANONYMOUS_MIN_PER_TICK; i++) share.started(keyless);
    expect(share.holds(keyless)).toBe(true);
    share.nextTick(1);
    expect(share.holding).toBe(false);
    expect(share.holds(keyless)).toBe(false);
  });
});
