import { Clock } from '../../src/common/time/clock.js';

/** A clock the test moves forward: retries come due, secrets expire, failures last days. */
export class MovableClock extends Clock {
  offsetMs = 0;

  override now(): number {
    return Date.now() + this.offsetMs;
  }
}
