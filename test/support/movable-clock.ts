import { Clock } from '../../src/common/time/clock.js';

/**
 * A clock the test moves forward: retries come due, secrets expire, failures last days. Stopped,
 * the service's time moves only when the test moves it, however slow the machine.
 */
export class MovableClock extends Clock {
  offsetMs = 0;
  private stoppedAt?: number;

  override now(): number {
    return (this.stoppedAt ?? Date.now()) + this.offsetMs;
  }

  stop(): void {
    this.stoppedAt = Date.now();
  }

  resume(): void {
    if (this.stoppedAt !== undefined) this.offsetMs -= Date.now() - this.stoppedAt;
    this.stoppedAt = undefined;
  }
}
