import { ServiceRate } from './service-rate.js';

describe('ServiceRate', () => {
  it('is unknown before the first answer, then running over the time a request takes', () => {
    const rate = new ServiceRate();
    expect(rate.perSecond(32, 0)).toBeUndefined();
    rate.answered(20);
    expect(rate.perSecond(32, 0)).toBe(1_600);
    expect(rate.perSecond(0, 0)).toBe(50);
  });

  it('averages the first fifty answers alike, so a slow first one weighs as one of them', () => {
    const rate = new ServiceRate();
    rate.answered(100);
    for (let i = 0; i < 19; i++) rate.answered(5);
    expect(rate.averageMs).toBeCloseTo((100 + 19 * 5) / 20);
  });

  it('follows slower answers within a few dozen', () => {
    const rate = new ServiceRate();
    for (let i = 0; i < 500; i++) rate.answered(2);
    expect(rate.perSecond(32, 0)).toBeCloseTo(16_000);
    for (let i = 0; i < 100; i++) rate.answered(40);
    expect(rate.averageMs).toBeGreaterThan(30);
    expect(rate.perSecond(32, 0)).toBeLessThan(1_100);
  });

  it('holds the most finished in a busy tick, halved every 10 s, against a slower reading now', () => {
    const rate = new ServiceRate();
    for (let i = 0; i < 300; i++) rate.answered(10);
    rate.tick(100, 100, true);
    // 300 in 100 ms: 3,000 a second; then 30 slow ones (a crowd being read).
    for (let i = 0; i < 30; i++) rate.answered(200);
    rate.tick(200, 100, true);
    expect(rate.perSecond(32, 200)).toBeCloseTo(3_000 * 0.5 ** (100 / 10_000));
    expect(rate.perSecond(32, 10_100)).toBeCloseTo(1_500);
    // A tick in which nothing waited says nothing of what the instance can do.
    for (let i = 0; i < 1_000; i++) rate.answered(200);
    rate.tick(10_100, 100, false);
    expect(rate.perSecond(32, 10_100)).toBeCloseTo(1_500);
  });
});
