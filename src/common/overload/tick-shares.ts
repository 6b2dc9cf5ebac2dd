import type { ClientLine, Waiter } from './fair-queue.js';

/**
 * The one client of every request that does no work: without a valid key (none, unknown or
 * revoked), or past its key's rate limit, refused either way; and the open pages without a key.
 */
export const ANONYMOUS = '';
/**
 * The anonymous client's share, in the busiest key's starts: half. Its requests are refusals (or
 * the open pages), each about 40 % of a getPet's cost (bench/README.md, "Fairness"): as many as the
 * key would cost it a quarter of the loop, half as many an eighth.
 */
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
 * Each client's share of a tick, so that none buys another's capacity with cheap requests or many
 * connections (a closed-loop client's share is otherwise its share of the connections). A share is
 * the mean over the last SHARE_TICKS ticks, so that a tick in which the keys started nothing (a
 * flood's burst of events held them off) gives the flood no free tick:
 * - the anonymous client starts no more per tick than half what the busiest key did on average,
 *   whenever a key was served in those ticks, whatever the loop reads: its requests cost little
 *   each (a refusal), so it would take the loop by their number, and what it waits for is a
 *   refusal;
 * - a key starts no more per tick than the busiest other key did on average, so that two keys end
 *   up with as many starts each (a key alone is never held). A loop with time to spare starts
 *   what is held anyway (idle-release.ts): a switch on the loop's utilization instead let the
 *   other key's quiet tick release a flood's whole backlog at once.
 * What is held waits its turn in the FairQueue.
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

  /**
   * Ends the tick once its time is up, read from the requests' own arrivals: a flood of thousands
   * of connections keeps libuv polling (while its 1,024-event array comes back full, up to 48
   * times a turn) and the shedder's timer can then wait seconds.
   */
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
