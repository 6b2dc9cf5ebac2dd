import { emptyLine, type FairQueue, type Waiter } from './fair-queue.js';
import type { ServiceRate } from './service-rate.js';

/** Requests waiting at most, whatever the estimate: a bound on memory, not a setting. */
export const MAX_WAITING = 50_000;

/** A client with nothing waiting, for freshStartsInTime (never in the queue's turns). */
const FRESH = emptyLine<Waiter>('');

/** How long a request would wait: the requests that start before it over the rate they finish. */
export class WaitEstimate {
  constructor(
    private readonly queue: FairQueue<Waiter>,
    private readonly rate: ServiceRate,
    private readonly maxWaitMs: number,
  ) {}

  /** Whether one more request of `line` would start within OVERLOAD_MAX_WAIT_MS. */
  startsInTime(line: Parameters<FairQueue<Waiter>['ahead']>[0]): boolean {
    if (this.queue.waiting >= MAX_WAITING) return false;
    const perSecond = this.rate.perSecond(this.queue.running, performance.now());
    // Until the instance has been busy a tick, a crowd waits rather than being judged by the
    // time its own reading takes; what then waits too long is refused at the budget.
    if (perSecond === undefined || !this.rate.measured) return true;
    return ((this.queue.ahead(line) + 1) * 1000) / perSecond <= this.maxWaitMs;
  }

  /**
   * Whether the first request of a client with none waiting would start within
   * OVERLOAD_MAX_WAIT_MS: one from each client waiting starts before it. Not, and the instance is
   * full for anyone; a client's own long line is its own.
   */
  freshStartsInTime(now: number): boolean {
    if (this.queue.waiting >= MAX_WAITING) return false;
    const perSecond = this.rate.perSecond(this.queue.running, now);
    return (
      perSecond === undefined ||
      ((this.queue.ahead(FRESH) + 1) * 1000) / perSecond <= this.maxWaitMs
    );
  }
}
