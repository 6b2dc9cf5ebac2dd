import { retry } from './retry.js';

/** Work that fails `failures` times with `error`, then answers 'done'; it counts its runs. */
function failing(failures: number, error: Error = new Error('busy')) {
  const work = Object.assign(
    () => {
      work.runs += 1;
      return work.runs <= failures ? Promise.reject(error) : Promise.resolve('done');
    },
    { runs: 0 },
  );
  return work;
}

describe('retry', () => {
  it('runs the work again until it succeeds, told each failure and the wait before the next try', async () => {
    const work = failing(3);
    const seen: [number, number][] = [];
    await expect(
      retry(work, { firstWaitMs: 2, maxWaitMs: 4 }, (_error, failures, waitMs) => {
        seen.push([failures, waitMs]);
        return true;
      }),
    ).resolves.toBe('done');
    expect(work.runs).toBe(4);
    expect(seen).toEqual([
      [1, 2],
      [2, 4],
      [3, 4],
    ]);
  });

  it('stops after `tries` runs in all and throws the last error', async () => {
    const busy = new Error('busy');
    const work = failing(10, busy);
    await expect(retry(work, { firstWaitMs: 1, maxWaitMs: 1, tries: 3 }, () => true)).rejects.toBe(
      busy,
    );
    expect(work.runs).toBe(3);
  });

  it('throws at once an error that is not retryable, or the error the check throws', async () => {
    const work = failing(1);
    await expect(retry(work, { firstWaitMs: 1, maxWaitMs: 1 }, () => false)).rejects.toThrow(
      'busy',
    );
    expect(work.runs).toBe(1);
    const refused = new Error('configuration');
    await expect(
      retry(failing(1), { firstWaitMs: 1, maxWaitMs: 1 }, () => {
        throw refused;
      }),
    ).rejects.toBe(refused);
  });

  it('starts no try whose wait would end past `withinMs`', async () => {
    const work = failing(100);
    const started = Date.now();
    await expect(
      retry(work, { firstWaitMs: 20, maxWaitMs: 40, withinMs: 50 }, () => true),
    ).rejects.toThrow('busy');
    // Waits of 20 then 40 ms: the second would end past 50 ms, so two runs in all.
    expect(work.runs).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
  });

  it('with `waitFirst`, waits before the first run too', async () => {
    const work = failing(0);
    const started = Date.now();
    await expect(
      retry(work, { firstWaitMs: 30, maxWaitMs: 30, waitFirst: true }, () => true),
    ).resolves.toBe('done');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
