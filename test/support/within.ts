const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

/**
 * The limit for waiting on something another process or loop does (a delivery, an attempt
 * recorded, a counter rendered, a log line): far past a quiet machine's milliseconds, since the
 * suites run four at a time and CI runs one beside a CPU hog. Such a wait asserts no time.
 */
export const EVENT_WAIT_MS = 15_000;

/**
 * Polls `check` every 100 ms until it holds; resolves to how long that took, or throws after
 * `limitMs`.
 */
export async function within(
  limitMs: number,
  what: string,
  check: () => Promise<boolean> | boolean,
): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await sleep(100);
  }
  return Date.now() - started;
}
