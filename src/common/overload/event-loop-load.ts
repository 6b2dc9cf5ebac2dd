import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';

/** How often Node's timer samples the loop; what it records past this is delay. */
const RESOLUTION_MS = 10;

/** The event loop's delay and utilization per tick, from perf_hooks. */
export class EventLoopLoad {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({
    resolution: RESOLUTION_MS,
  });
  private lastUtilization = performance.eventLoopUtilization();

  start(): void {
    this.histogram.enable();
    this.lastUtilization = performance.eventLoopUtilization();
  }

  stop(): void {
    this.histogram.disable();
  }

  /** Since the last read: the mean delay in ms, and the utilization from 0 to 1. */
  read(): { delayMs: number; utilization: number } {
    const mean = this.histogram.count > 0 ? this.histogram.mean / 1e6 : RESOLUTION_MS;
    this.histogram.reset();
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, this.lastUtilization);
    this.lastUtilization = now;
    return { delayMs: Math.max(0, mean - RESOLUTION_MS), utilization };
  }
}
