import { retry } from '../common/retry/retry.js';
import { databaseBusy } from './database-availability.js';

/** Thrown by a conditional write whose row changed after it was read: nothing was written. */
export class LostRace extends Error {}

/** Tries of a read-check-write that keeps losing its race before the caller is told 503. */
const TRIES = 40;

/**
 * Runs `readCheckWrite` again, reading afresh, while it throws LostRace, after short jittered
 * waits; once the tries are spent, 503 naming `subject`. Each write is conditional on its read.
 */
export function retryLostRaces<T>(subject: string, readCheckWrite: () => Promise<T>): Promise<T> {
  return retry(
    readCheckWrite,
    { firstWaitMs: 2, maxWaitMs: 100, jitter: 'full', tries: TRIES },
    (error) => error instanceof LostRace,
  ).catch((error: unknown) => {
    throw error instanceof LostRace
      ? databaseBusy(`${subject} changed ${TRIES} times while this change was being made`)
      : error;
  });
}
