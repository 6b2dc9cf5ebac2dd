/** Never admit less than this share: what is admitted keeps measuring the instance. */
export const MIN_ADMITTED = 0.02;
/** At most this cut per tick, however high the pressure. */
const MAX_CUT = 0.5;
/** Below this pressure the instance has room: the admitted share grows. */
const ROOM = 0.5;
const GROWTH = 1.25;
const GROWTH_STEP = 0.02;

/**
 * The share of arriving requests the instance admits, adjusted every tick from the pressure (the
 * measured signal over its bound; past 1 the instance is past what it can serve): cut in
 * proportion past 1, held between ROOM and 1, grown below ROOM. The hold band keeps it still under
 * steady overload; the growth gets it back to all within about a second once the load drops.
 */
export class AdmissionControl {
  private share = 1;

  get admitted(): number {
    return this.share;
  }

  update(pressure: number): number {
    if (pressure > 1)
      this.share = Math.max(MIN_ADMITTED, this.share * Math.max(MAX_CUT, 1 / pressure));
    else if (pressure < ROOM) this.share = Math.min(1, this.share * GROWTH + GROWTH_STEP);
    return this.share;
  }
}
