import { backOff } from 'exponential-backoff';

/** How a retried piece of work waits: each wait doubles from `firstWaitMs` up to `maxWaitMs`. */
export interface RetryPolicy {
  firstWaitMs: number;
  maxWaitMs: number;
  /** 'full' waits a random part of each wait, so racers for one row or lock spread out. */
  jitter?: 'full' | 'none';
  /** Tries in all, the first included; unbounded when only `withinMs` bounds them. */
  tries?: number;
  /** No try starts later than this many ms after the first. */
  withinMs?: number;
  /** The first try also waits: `work` has just failed once outside this helper. */
  waitFirst?: boolean;
}

/**
 * The one way this service retries: runs `work` again while `retryable` accepts its error and the
 * policy allows (at most `waitMs` away), else throws the last error; `retryable` may log or throw.
 */
export function retry<T>(
  work: () => Promise<T>,
  policy: RetryPolicy,
  retryable: (error: unknown, failures: number, waitMs: number) => boolean,
): Promise<T> {
  const deadline = policy.withinMs === undefined ? Infinity : Date.now() + policy.withinMs;
  return backOff(work, {
    startingDelay: policy.firstWaitMs,
    maxDelay: policy.maxWaitMs,
    jitter: policy.jitter ?? 'none',
    delayFirstAttempt: policy.waitFirst ?? false,
    numOfAttempts: policy.tries ?? Infinity,
    retry: (error: unknown, failures: number) => {
      // The library's k-th wait is startingDelay × 2^(k-1), capped.
      const waits = policy.waitFirst ? failures : failures - 1;
      const waitMs = Math.min(policy.maxWaitMs, policy.firstWaitMs * 2 ** waits);
      return Date.now() + waitMs <= deadline && retryable(error, failures, waitMs);
    },
  });
}
