import type { ClientLine, Waiter } from './fair-queue.js';

/** The one client of every request without a valid key (none, unknown or revoked). */
export const ANONYMOUS = '';
/** A loop busy this share of a tick (or more) has no time to spare: the instance is saturated. */
export const SATURATED_UTILIZATION = 0.95;
/** Requests without a valid key that may start per tick however little the keys start. */
export const ANONYMOUS_MIN_PER_TICK = 2;

/**
 * The keyless client's share of a tick. Its requests cost little each (a 401), so it could take
 * the loop by their number: while the loop is saturated, it starts no more per tick than the
 * busiest key did in the tick before, so that its flood waits (its connections then send less)
 * rather than taking the loop from the keys.
 */
export class KeylessShare {
  private tick = 0;
  /** The most a key started in this tick, and what the keyless client did. */
  private busiestKey = 0;
  private keylessStarted = 0;
  /** What the keyless client may start in this tick. */
  private allowance = Infinity;

  /** Whether `line` is the keyless client's and has had its share of this tick. */
  holds(line: ClientLine<Waiter>): boolean {
    return line.client === ANONYMOUS && this.keylessStarted >= this.allowance;
  }

  /** Whether the keyless client is held to a share now (the loop saturated, keys served). */
  get holding(): boolean {
    return this.allowance !== Infinity;
  }

  /** Counts a start of `line` in this tick. */
  started(line: ClientLine<Waiter>): void {
    if (line.client === ANONYMOUS) {
      this.keylessStarted++;
      return;
    }
    if (line.startedTick !== this.tick) {
      line.startedTick = this.tick;
      line.started = 0;
    }
    if (++line.started > this.busiestKey) this.busiestKey = line.started;
  }

  /** Ends a tick in which the loop was busy `utilization` of the time. */
  nextTick(utilization: number): void {
    this.allowance =
      utilization >= SATURATED_UTILIZATION && this.busiestKey > 0
        ? Math.max(ANONYMOUS_MIN_PER_TICK, this.busiestKey)
        : Infinity;
    this.tick++;
    this.busiestKey = 0;
    this.keylessStarted = 0;
  }
}
