/** In a loop turn without arrivals, one request held by its share starts: never idle. */
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
