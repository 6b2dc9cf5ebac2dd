import { describe, expect, it } from '@jest/globals';
import { PollingLoop } from './polling-loop.js';

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

describe('PollingLoop', () => {
  it('runs one pass at a time, the next after the delay the pass gave', async () => {
    let running = 0;
    let most = 0;
    let passes = 0;
    const loop = new PollingLoop(async () => {
      running++;
      most = Math.max(most, running);
      passes++;
      await sleep(20);
      running--;
      return 1_000;
    });
    loop.runIn(0);
    for (let i = 0; i < 5; i++) loop.runIn(0);
    await sleep(100);
    expect(passes).toBe(1);
    expect(most).toBe(1);
    await loop.stop();
  });

  it('runs again right after a pass when asked during it, and never after stop', async () => {
    const started: number[] = [];
    const loop: PollingLoop = new PollingLoop(async () => {
      started.push(Date.now());
      if (started.length === 1) loop.runIn(0);
      await sleep(10);
      return 60_000;
    });
    loop.runIn(0);
    await sleep(100);
    expect(started).toHaveLength(2);
    await loop.stop();
    loop.runIn(0);
    await sleep(50);
    expect(started).toHaveLength(2);
  });
});
