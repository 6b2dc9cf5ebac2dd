/** The answers the average request time is taken over: the last fifty or so. */
const ANSWERS = 50;
/** The shortest request time the estimate assumes, in ms. */
const SHORTEST_MS = 0.05;
/** The best rate seen counts for this long at half its value (it decays continuously). */
const PEAK_HALF_LIFE_MS = 10_000;

/**
 * Requests a second the instance finishes: the better of Little's law over recent answers and the
 * most finished in one busy tick lately (halved every 10 s), which a crowd being read hides.
 */
export class ServiceRate {
  private requestMs?: number;
  private answers = 0;
  private answeredThisTick = 0;
  private peak = 0;
  private peakAt = 0;
  private busyTicks = 0;

  /** A request that ran was answered after `ms`. */
  answered(ms: number): void {
    this.answeredThisTick++;
    // The plain mean of the first fifty (a slow first answer, compiling, counts as one of them),
    // then each moves it by a fiftieth.
    if (this.answers < ANSWERS) this.answers++;
    this.requestMs = (this.requestMs ?? 0) + (ms - (this.requestMs ?? 0)) / this.answers;
  }

  /** The time a request takes, in ms, averaged; undefined before the first answer. */
  get averageMs(): number | undefined {
    return this.requestMs;
  }

  /** At the end of a tick of `elapsedMs` ending at `now`; `busy`: requests waited during it. */
  tick(now: number, elapsedMs: number, busy: boolean): void {
    if (busy && elapsedMs > 0) {
      this.busyTicks++;
      const finished = (this.answeredThisTick * 1000) / elapsedMs;
      if (finished >= this.lately(now)) {
        this.peak = finished;
        this.peakAt = now;
      }
    }
    this.answeredThisTick = 0;
  }

  /**
   * Whether the instance has been busy for a tick yet. Before, a first crowd is the only evidence
   * of what it can do, and the time its first answers take while it is read says little.
   */
  get measured(): boolean {
    return this.busyTicks > 0;
  }

  /** Requests a second with `running` requests at once, or undefined before the first answer. */
  perSecond(running: number, now: number): number | undefined {
    if (this.requestMs === undefined) return undefined;
    const current = (Math.max(1, running) * 1000) / Math.max(SHORTEST_MS, this.requestMs);
    return Math.max(current, this.lately(now));
  }

  private lately(now: number): number {
    return this.peak * 0.5 ** ((now - this.peakAt) / PEAK_HALF_LIFE_MS);
  }
}
