import { setTimeout as sleep } from 'node:timers/promises';

/** Waits a random time up to a doubling ceiling (full jitter), so racers spread out. */
export function backOff(attempt: number, baseMs: number, capMs: number): Promise<void> {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 2));
  return sleep(Math.random() * ceiling);
}
