import type { ClientLine, Waiter } from './fair-queue.js';

/**
 * The one client of every request that does no work: without a valid key (none, unknown or
 * revoked), or past its key's rate limit, refused either way; and the open pages without a key.
 */
export const ANONYMOUS = '';
/** A loop busy this share of a tick (or more) has no time to spare: the instance is saturated. */
export const SATURATED_UTILIZATION = 0.95;
/** Requests a held client may still start per tick, however little the others start. */
export const MIN_PER_TICK = 2;

/**
 * Each client's share of a tick, so that none buys another's capacity with cheap requests or many
 * connections (a closed-loop client's share is otherwise its share of the connections):
 * - the anonymous client starts no more per tick than the busiest key did in the tick before,
 *   whenever a key was served, whatever the loop reads: its requests cost little each (a refusal),
 *   so it would take the loop by their number, and what it waits for is a refusal;
 * - while the loop is saturated, a key starts no more per tick than the busiest other key did in
 *   the tick before, so two keys end up with as many starts each. Below saturation every key is
 *   served as it comes: holding one would leave the instance idle.
 * What is held waits its turn in the FairQueue.
 */
export class TickShares {
  private tick = 0;
  /** This tick's two highest key start counts, and what the anonymous client started. */
  private busiest = { count: 0, client: ANONYMOUS };
  private second = 0;
  private anonymousStarted = 0;
  /** The last tick's, which set this tick's allowances (lines are made anew: by client). */
  private last = { busiest: 0, busiestClient: ANONYMOUS, second: 0 };
  private saturated = false;

  /** Whether `line` has had its share of this tick. */
  holds(line: ClientLine<Waiter>): boolean {
    if (line.client === ANONYMOUS)
      return (
        this.last.busiest > 0 && this.anonymousStarted >= Math.max(MIN_PER_TICK, this.last.busiest)
      );
    if (!this.saturated) return false;
    const others = line.client === this.last.busiestClient ? this.last.second : this.last.busiest;
    return others > 0 && this.startedThisTick(line) >= Math.max(MIN_PER_TICK, others);
  }

  /** Whether the anonymous client is held to a share in this tick (a key was served in the last). */
  get holdingAnonymous(): boolean {
    return this.last.busiest > 0;
  }

  /** Counts a start of `line` in this tick. */
  started(line: ClientLine<Waiter>): void {
    if (line.client === ANONYMOUS) {
      this.anonymousStarted++;
      return;
    }
    if (line.startedTick !== this.tick) {
      line.startedTick = this.tick;
      line.started = 0;
    }
    const count = ++line.started;
    if (line.client === this.busiest.client) this.busiest.count = count;
    else if (count > this.busiest.count) {
      this.second = this.busiest.count;
      this.busiest = { count, client: line.client };
    } else if (count > this.second) this.second = count;
  }

  /** Ends a tick in which the loop was busy `utilization` of the time. */
  nextTick(utilization: number): void {
    this.last = {
      busiest: this.busiest.count,
      busiestClient: this.busiest.client,
      second: this.second,
    };
    this.saturated = utilization >= SATURATED_UTILIZATION;
    this.tick++;
    this.busiest = { count: 0, client: ANONYMOUS };
    this.second = 0;
    this.anonymousStarted = 0;
  }

  private startedThisTick(line: ClientLine<Waiter>): number {
    return line.startedTick === this.tick ? line.started : 0;
  }
}
