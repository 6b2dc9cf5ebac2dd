/** Never admit less than this share: what is admitted keeps measuring the instance. */
export const MIN_ADMITTED = 0.02;
/** At most this cut per tick, however high the pressure. */
const MAX_CUT = 0.5;
/** Below this pressure the instance has room: the admitted share grows. */
const ROOM = 0.85;
const GROWTH = 1.1;
const GROWTH_STEP = 0.01;

/**
 * The share of arriving requests the instance admits, adjusted every tick from the pressure (the
 * measured signal over its bound; past 1 the instance is past what it can serve): cut by the
 * square of the excess (a loop at 100 % against a bound of 90 % cuts a fifth), held between ROOM
 * and 1, grown below ROOM. The hold band keeps it still under steady overload; the growth gets it
 * back to all within a few seconds once the load drops.
 */
export class AdmissionControl {
  private share = 1;

  get admitted(): number {
    return this.share;
  }

  update(pressure: number): number {
    if (pressure > 1)
      this.share = Math.max(MIN_ADMITTED, this.share * Math.max(MAX_CUT, 1 / pressure ** 2));
    else if (pressure < ROOM) this.share = Math.min(1, this.share * GROWTH + GROWTH_STEP);
    return this.share;
  }
}
