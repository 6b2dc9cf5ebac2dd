import { emptyLine, type ClientLine, type Waiter } from './fair-queue.js';
import {
  ANONYMOUS,
  ANONYMOUS_SHARE,
  MIN_PER_TICK,
  SHARE_TICKS,
  TickShares,
} from './tick-shares.js';

const line = (client: string): ClientLine<Waiter> => emptyLine(client);

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

/** SHARE_TICKS ticks in which each of `starts` started its count. */
const ticks = (shares: TickShares, starts: [ClientLine<Waiter>, number][]) => {
  for (let i = 0; i < SHARE_TICKS; i++) {
    for (const [of, count] of starts) startMany(shares, of, count);
    shares.nextTick(0);
  }
};

// A clock that never moves: only nextTick() ends a tick.
const sharesAt = () => new TickShares(100, () => 0);

describe('TickShares', () => {
  it("holds the anonymous client to half the busiest key's starts a tick whenever a key was served, however idle the loop", () => {
    const shares = sharesAt();
    const keyless = line(ANONYMOUS);
    const [busy, quiet] = [line('busy'), line('quiet')];
    ticks(shares, [
      [busy, 40],
      [quiet, 4],
      [keyless, 500],
    ]);
    expect(shares.holdingAnonymous).toBe(true);
    expect(allowance(shares, keyless)).toBe(ANONYMOUS_SHARE * 40);
    expect(shares.holds(busy)).toBe(false);
  });

  it('keeps a key that started nothing in one tick as its share: the mean of the last ticks', () => {
    const shares = sharesAt();
    const keyless = line(ANONYMOUS);
    const key = line('key');
    ticks(shares, [[key, 40]]);
    // A tick in which the key started nothing (a flood held it off) frees nothing for the flood.
    shares.nextTick(0);
    expect(allowance(shares, keyless)).toBe(ANONYMOUS_SHARE * 36);
  });

  it('lets the anonymous client start a few a tick however little the keys start, and all once no key has started for the ticks measured', () => {
    const shares = sharesAt();
    const keyless = line(ANONYMOUS);
    shares.started(line('key'));
    shares.nextTick(0);
    expect(allowance(shares, keyless)).toBe(MIN_PER_TICK);
    ticks(shares, []);
    expect(shares.holdingAnonymous).toBe(false);
    expect(allowance(shares, keyless)).toBe(1_000);
  });

  it("holds a key to the busiest other key's starts a tick, and a key alone never", () => {
    const shares = sharesAt();
    const [busy, quiet] = [line('busy'), line('quiet')];
    ticks(shares, [
      [busy, 40],
      [quiet, 4],
    ]);
    // The busiest may start what the second did; every other key what the busiest did.
    expect(allowance(shares, busy)).toBe(4);
    expect(allowance(shares, quiet)).toBe(40);
    const lone = sharesAt();
    const alone = line('alone');
    ticks(lone, [[alone, 50]]);
    expect(allowance(lone, alone)).toBe(1_000);
  });

  it("ends a tick by the requests' own clock when the timer is late (a flood holds libuv in its poll)", () => {
    let now = 0;
    const shares = new TickShares(100, () => now);
    const keyless = line(ANONYMOUS);
    const key = line('key');
    for (let tick = 0; tick < SHARE_TICKS; tick++) {
      startMany(shares, key, 20);
      now += 100;
    }
    // No nextTick() was called: the ticks ended as the starts came.
    expect(shares.holdingAnonymous).toBe(true);
    expect(allowance(shares, keyless)).toBe(ANONYMOUS_SHARE * 20);
  });
});
