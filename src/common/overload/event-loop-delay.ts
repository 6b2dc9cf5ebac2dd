import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** How often Node's timer samples the loop; what it records past this is delay. */
const RESOLUTION_MS = 10;

/**
 * The event loop's delay: how late a timer runs, which is how long a request that has just
 * arrived waits before the loop reads it. Node's own histogram (perf_hooks), read and reset per tick.
 */
export class EventLoopDelay {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({
    resolution: RESOLUTION_MS,
  });

  start(): void {
    this.histogram.enable();
  }

  stop(): void {
    this.histogram.disable();
  }

  /** The mean delay since the last read, in ms (0 when the loop ran no timer meanwhile). */
  read(): number {
    const mean = this.histogram.count > 0 ? this.histogram.mean / 1e6 : RESOLUTION_MS;
    this.histogram.reset();
    return Math.max(0, mean - RESOLUTION_MS);
  }
}
