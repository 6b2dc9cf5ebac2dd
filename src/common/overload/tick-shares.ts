import type { ClientLine, Waiter } from './fair-queue.js';

/** The client of every request that does no work: refused ones, and open pages without a key. */
export const ANONYMOUS = '';
/** The anonymous client's share: half the busiest key's (its requests are cheap refusals). */
export const ANONYMOUS_SHARE = 0.5;
/** Requests a held client may still start per tick, however little the others start. */
export const MIN_PER_TICK = 2;
/** The ticks a share is measured over: a key that started nothing in one tick still has one. */
export const SHARE_TICKS = 10;

/** One ended tick: its two highest key start counts, and whose the highest was. */
interface TickTally {
  busiest: number;
  busiestClient: string;
  second: number;
}

/**
 * Each client's share of a tick, the mean over SHARE_TICKS ticks, so that no client buys another's
 * capacity with cheap requests or many connections: a key starts no more than the busiest other
 * key, the anonymous client half that (its requests are refusals). What is held waits its turn.
 */
export class TickShares {
  private tick = 0;
  /** This tick's two highest key start counts, and what the anonymous client started. */
  private busiest = { count: 0, client: ANONYMOUS };
  private second = 0;
  private anonymousStarted = 0;
  /** The last SHARE_TICKS ticks, a ring (lines are made anew: clients by id). */
  private readonly tallies: TickTally[] = [];
  /** The mean of the busiest key's starts over them. */
  private busiestMean = 0;
  /** When the next tick begins, whether or not the load shedder's timer has run (see rollIfDue). */
  private nextTickAt: number;

  constructor(
    private readonly tickMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.nextTickAt = now() + tickMs;
  }

  /** Whether `line` has had its share of this tick. */
  holds(line: ClientLine<Waiter>): boolean {
    this.rollIfDue();
    if (line.client === ANONYMOUS)
      return (
        this.busiestMean > 0 &&
        this.anonymousStarted >= Math.max(MIN_PER_TICK, ANONYMOUS_SHARE * this.busiestMean)
      );
    const others = this.othersMean(line.client);
    return others > 0 && this.startedThisTick(line) >= Math.max(MIN_PER_TICK, others);
  }

  /** Whether a key other than `line`'s was served in the last SHARE_TICKS ticks. */
  othersServed(line: ClientLine<Waiter>): boolean {
    this.rollIfDue();
    return this.othersMean(line.client) > 0;
  }

  /** Whether the anonymous client is held to a share now (a key was served lately). */
  get holdingAnonymous(): boolean {
    return this.busiestMean > 0;
  }

  /** Counts a start of `line` in this tick. */
  started(line: ClientLine<Waiter>): void {
    this.rollIfDue();
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

  /** Ends a tick (the shedder's timer, at `now`; or rollIfDue, when the timer is late). */
  nextTick(now = this.now()): void {
    this.nextTickAt = now + this.tickMs;
    this.tallies[this.tick % SHARE_TICKS] = {
      busiest: this.busiest.count,
      busiestClient: this.busiest.client,
      second: this.second,
    };
    this.busiestMean = this.tallies.reduce((sum, tally) => sum + tally.busiest, 0) / SHARE_TICKS;
    this.tick++;
    this.busiest = { count: 0, client: ANONYMOUS };
    this.second = 0;
    this.anonymousStarted = 0;
  }

  /** Ends the tick by the arrivals' clock: under a flood the shedder's timer can wait seconds. */
  private rollIfDue(): void {
    const now = this.now();
    if (now >= this.nextTickAt) this.nextTick(now);
  }

  /** The mean over the last ticks of the busiest key's starts but `client`'s own. */
  private othersMean(client: string): number {
    let sum = 0;
    for (const tally of this.tallies)
      sum += tally.busiestClient === client ? tally.second : tally.busiest;
    return sum / SHARE_TICKS;
  }

  private startedThisTick(line: ClientLine<Waiter>): number {
    return line.startedTick === this.tick ? line.started : 0;
  }
}
