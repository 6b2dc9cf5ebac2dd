import type { ClientLine, Waiter } from './fair-queue.js';
import { ANONYMOUS, MIN_PER_TICK, TickShares } from './tick-shares.js';

const line = (client: string): ClientLine<Waiter> => ({
  client,
  running: 0,
  waiting: 0,
  started: 0,
  startedTick: -1,
  queue: [],
  head: 0,
});

const startMany = (shares: TickShares, of: ClientLine<Waiter>, count: number) => {
  for (let i = 0; i < count; i++) shares.started(of);
};

/** How many `of` may start in this tick before it is held (up to 1,000). */
const allowance = (shares: TickShares, of: ClientLine<Waiter>): number => {
  let count = 0;
  while (!shares.holds(of) && count < 1_000) {
    shares.started(of);
    count++;
  }
  return count;
};

describe('TickShares', () => {
  it("holds the anonymous client to the busiest key's last tick whenever a key was served, however idle the loop", () => {
    const shares = new TickShares();
    const keyless = line(ANONYMOUS);
    const [busy, quiet] = [line('busy'), line('quiet')];
    startMany(shares, busy, 7);
    startMany(shares, quiet, 1);
    startMany(shares, keyless, 100);
    shares.nextTick(0.1);
    expect(shares.holdingAnonymous).toBe(true);
    expect(allowance(shares, keyless)).toBe(7);
    expect(shares.holds(busy)).toBe(false);
  });

  it('lets the anonymous client start a few a tick however little the keys start, and all when no key does', () => {
    const shares = new TickShares();
    const keyless = line(ANONYMOUS);
    shares.started(line('key'));
    shares.nextTick(1);
    expect(allowance(shares, keyless)).toBe(MIN_PER_TICK);
    shares.nextTick(1);
    expect(shares.holdingAnonymous).toBe(false);
    expect(allowance(shares, keyless)).toBe(1_000);
  });

  it("holds a key to the busiest other key's last tick while the loop is saturated, and no key below it", () => {
    const shares = new TickShares();
    const [busy, quiet, alone] = [line('busy'), line('quiet'), line('alone')];
    startMany(shares, busy, 40);
    startMany(shares, quiet, 4);
    shares.nextTick(0.99);
    // The busiest may start what the second did; every other key what the busiest did.
    expect(allowance(shares, busy)).toBe(4);
    expect(allowance(shares, quiet)).toBe(40);
    shares.nextTick(0.99);
    // quiet started 40, busy 4: the roles turn.
    expect(allowance(shares, quiet)).toBe(4);
    shares.nextTick(0.5);
    expect(allowance(shares, busy)).toBe(1_000);
    // A key alone is never held, saturated or not.
    const lone = new TickShares();
    startMany(lone, alone, 50);
    lone.nextTick(1);
    expect(allowance(lone, alone)).toBe(1_000);
  });
});
