import type { DeliveryResult } from './webhook-deliveries.repository.js';

/**
 * Svix's schedule, which Standard Webhooks points to: the wait before each attempt, the first at
 * once. After the last attempt fails the delivery has failed.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length;

/** When attempt `made + 1` is due after attempt `made` failed at `at`; undefined after the last. */
export function nextAttemptAfter(made: number, at: Date): Date | undefined {
  return made >= MAX_ATTEMPTS ? undefined : new Date(at.getTime() + RETRY_SCHEDULE_MS[made]);
}

/**
 * What an attempt's answer makes of its delivery: a 2xx delivered, a 410 disables the endpoint,
 * anything else (no answer included) is retried on the schedule, or has failed after the last.
 */
export function outcomeOf(
  status: number | undefined,
  made: number,
  at: Date,
): Pick<DeliveryResult, 'outcome' | 'nextAttemptAt' | 'disabledReason'> {
  if (status !== undefined && status >= 200 && status <= 299) return { outcome: 'delivered' };
  if (status === 410)
    return {
      outcome: 'disabled',
      disabledReason: `the receiver answered 410 Gone at ${at.toISOString()}`,
    };
  const nextAttemptAt = nextAttemptAfter(made, at);
  return nextAttemptAt ? { outcome: 'retrying', nextAttemptAt } : { outcome: 'failed' };
}

/** An endpoint failing this long without a success is disabled. */
export const FAILING_DISABLES_AFTER_MS = 5 * 24 * 3_600_000;

/** How long a previous secret still signs after a rotation. */
export const PREVIOUS_SECRET_SIGNS_MS = 24 * 3_600_000;
