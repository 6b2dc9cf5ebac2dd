import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits before another attempt of work that lost a race: a random time up to a ceiling doubling
 * from `baseMs` to `capMs` (full jitter), so contenders spread out instead of colliding in step.
 */
export function backOff(attempt: number, baseMs: number, capMs: number): Promise<void> {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 2));
  return sleep(Math.random() * ceiling);
}
