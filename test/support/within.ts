const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

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
