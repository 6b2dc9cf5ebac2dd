/**
 * Work conservation for the shares (tick-shares.ts): while requests wait only for their client's
 * share, one of them starts in each turn of the event loop in which no request arrived (the loop
 * had nothing else to do), so that holding a client never leaves the instance idle. Looked at in
 * the turn's check phase (setImmediate), after its poll.
 */
export class IdleRelease {
  private scheduled = false;
  private arrivalsBefore = 0;

  /**
   * `arrivals`: the requests arrived so far; `releaseOne`: starts one waiting request, whatever
   * its share, and says whether more wait.
   */
  constructor(
    private readonly arrivals: () => number,
    private readonly releaseOne: () => boolean,
  ) {}

  /** Requests wait for their share: look at the end of this turn. */
  held(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.arrivalsBefore = this.arrivals();
    setImmediate(() => this.look());
  }

  private look(): void {
    this.scheduled = false;
    // Requests arrived in this turn: the loop is busy; look again in the next.
    if (this.arrivals() !== this.arrivalsBefore || this.releaseOne()) this.held();
  }
}
