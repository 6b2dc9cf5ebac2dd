/** What the primary's front door reads of a worker's admission (src/cluster/front-door.ts). */
export interface AdmissionLoad {
  /** Arrivals are refused on arrival (queue_full). */
  full: boolean;
  /** Requests with a valid key have waited a tenth of the budget or more for their turn. */
  keyedWaiting: boolean;
  /** A request without a valid key arrived within the last KEYLESS_RECENT_MS. */
  keylessRecent: boolean;
}

/**
 * How long after a request without a valid key the primary may not call this worker behind for a
 * slow line alone: its front door cannot see keys, and would refuse theirs.
 */
export const KEYLESS_RECENT_MS = 1_000;

/** A worker's admission as the front door reads it, told to the primary only when it changes. */
export class AdmissionLoadReport {
  private current: AdmissionLoad = { full: false, keyedWaiting: false, keylessRecent: false };
  private lastKeylessArrivalAt = -Infinity;
  private listener?: (load: AdmissionLoad) => void;

  get full(): boolean {
    return this.current.full;
  }

  get keyedWaiting(): boolean {
    return this.current.keyedWaiting;
  }

  onChange(listener: (load: AdmissionLoad) => void): void {
    this.listener = listener;
  }

  /** A request without a valid key arrived. */
  keylessArrived(now = performance.now()): void {
    this.lastKeylessArrivalAt = now;
  }

  /** Whether one arrived within KEYLESS_RECENT_MS of `now`. */
  keylessRecentAt(now: number): boolean {
    return now - this.lastKeylessArrivalAt < KEYLESS_RECENT_MS;
  }

  /** Takes what `change` says; tells the listener when anything changed. */
  set(change: Partial<AdmissionLoad>): void {
    const next = { ...this.current, ...change };
    if (
      next.full === this.current.full &&
      next.keyedWaiting === this.current.keyedWaiting &&
      next.keylessRecent === this.current.keylessRecent
    )
      return;
    this.current = next;
    this.listener?.(next);
  }
}
