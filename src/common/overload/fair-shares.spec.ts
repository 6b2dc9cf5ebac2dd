import { FairShares, MAX_CLIENTS, waterLevel } from './fair-shares.js';

describe('waterLevel', () => {
  it('gives the lightest clients all they ask and shares the rest evenly', () => {
    expect(waterLevel([10, 100], 50)).toBe(40);
    expect(waterLevel([10, 20, 100], 60)).toBe(30);
    expect(waterLevel([30, 30], 30)).toBe(15);
  });

  it('is unbounded when the budget covers every client', () => {
    expect(waterLevel([10, 20], 30)).toBe(Infinity);
    expect(waterLevel([], 10)).toBe(Infinity);
  });
});

describe('FairShares', () => {
  const arrive = (shares: FairShares, client: number, times: number): number => {
    let count = 0;
    for (let i = 0; i < times; i++) count = shares.arrive(client);
    return count;
  };

  it('admits every client whole while all are admitted', () => {
    const shares = new FairShares();
    arrive(shares, 1, 1_000);
    shares.tick(1);
    expect(shares.chance(arrive(shares, 1, 1))).toBe(1);
  });

  it('cuts the heaviest client to what is left once the light ones are served', () => {
    const shares = new FairShares();
    const flooder = arrive(shares, 1, 900);
    const quiet = arrive(shares, 2, 100);
    // Half of 1,000 admitted: the quiet client's 100 whole, the flooder's 900 cut to 400.
    shares.tick(0.5);
    expect(shares.chance(quiet)).toBe(1);
    expect(shares.chance(flooder)).toBeCloseTo(400 / 900);
  });

  it('forgets a client a few ticks after it stops', () => {
    const shares = new FairShares();
    arrive(shares, 7, 10);
    for (let tick = 0; tick < 5; tick++) shares.tick(1);
    expect(shares.clients).toBe(0);
  });

  it('keeps at most MAX_CLIENTS counts: later clients share one, so none escapes the cut', () => {
    const shares = new FairShares();
    for (let client = 1; client <= MAX_CLIENTS + 50; client++) shares.arrive(client);
    expect(shares.clients).toBe(MAX_CLIENTS + 1);
    expect(arrive(shares, MAX_CLIENTS + 100, 1)).toBeGreaterThan(1);
  });
});
