import type { ClientLine, Waiter } from './fair-queue.js';

/** How often the waiting requests are swept and the admitted share read. */
export const TICK_MS = 100;
/**
 * A loop this late (mean delay over a tick, ms) reads requests late: their clients may have left.
 * The bound issue 62 shed at; below it, the check's context costs more than it saves.
 */
export const LATE_LOOP_MS = 50;

/** A request waiting for its turn: the listener's way to start it or to refuse it. */
export interface WaitingRequest extends Waiter {
  /** Starts its work (its turn came). */
  start(): void;
  /** Answers 503 OVERLOADED with nothing done: it waited past OVERLOAD_MAX_WAIT_MS. */
  expire(): void;
}

/** A client's line of waiting requests. */
export type Line = ClientLine<WaitingRequest>;
