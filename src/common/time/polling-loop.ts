import { AsyncResource } from 'node:async_hooks';

/**
 * Runs `pass` again and again, one at a time, off requests: each pass resolves to the delay before
 * the next; `runIn` asks for one sooner (during a pass: right after it, at the soonest asked).
 */
export class PollingLoop {
  private timer?: NodeJS.Timeout;
  private due = Infinity;
  private running?: Promise<void>;
  private requested = Infinity;
  private stopped = false;

  /** Passes run in the loop's own async context, never in a request's (its trace ends with it). */
  private readonly startPass = AsyncResource.bind(() => {
    this.due = Infinity;
    this.requested = Infinity;
    this.running = this.pass().then((next) => {
      this.running = undefined;
      this.runIn(Math.min(next, this.requested));
    });
  });

  constructor(private readonly pass: () => Promise<number>) {}

  /** The next pass in `delayMs` at the latest. */
  runIn(delayMs: number): void {
    if (this.stopped) return;
    if (this.running) {
      this.requested = Math.min(this.requested, delayMs);
      return;
    }
    const at = Date.now() + delayMs;
    if (at >= this.due) return;
    clearTimeout(this.timer);
    this.due = at;
    this.timer = setTimeout(this.startPass, delayMs);
    // A loop never keeps the process alive on its own.
    this.timer.unref();
  }

  /** No pass after this; resolves once the one running (if any) has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
