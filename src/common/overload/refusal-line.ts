import { emptyLine, type ClientLine, type Waiter } from './fair-queue.js';
import { ANONYMOUS, type TickShares } from './tick-shares.js';

/** How long a refusal waits for its turn at most: its answer is the same whenever it comes. */
export const REFUSAL_MAX_WAIT_MS = 10_000;

/** A refusal waiting for its turn: answered when it comes, or after REFUSAL_MAX_WAIT_MS. */
export interface WaitingRefusal extends Waiter {
  answer(): void;
}

/** Refusals before any work, on the anonymous line's share; they take no admission slot. */
export class RefusalLine {
  private readonly waiting: WaitingRefusal[] = [];
  /** The anonymous line as the shares count it (by its client, whatever the queue makes anew). */
  private readonly line: ClientLine<Waiter> = emptyLine(ANONYMOUS);

  constructor(private readonly shares: TickShares) {}

  /** Refusals waiting. */
  get length(): number {
    return this.waiting.length;
  }

  /** Whether a refusal may be answered at once: none waits before it, and the share allows it. */
  mayAnswer(now: number): boolean {
    if (this.waiting.length > 0) this.answerDue(now);
    return this.waiting.length === 0 && !this.shares.holds(this.line);
  }

  /** A refusal answered at once (after mayAnswer). */
  answering(): void {
    this.shares.started(this.line);
  }

  wait(refusal: WaitingRefusal): void {
    this.waiting.push(refusal);
  }

  /** A waiting refusal whose client left: never answered (dropped from the line lazily). */
  left(refusal: WaitingRefusal): void {
    refusal.waiting = false;
  }

  /** Answers the refusals due by age, then as many as this tick's share allows, oldest first. */
  answerDue(now: number): void {
    const deadline = now - REFUSAL_MAX_WAIT_MS;
    const waiting = this.waiting;
    let next = 0;
    for (; next < waiting.length; next++) {
      const refusal = waiting[next];
      if (!refusal.waiting) continue;
      if (refusal.arrivedAt >= deadline) {
        if (this.shares.holds(this.line)) break;
        this.shares.started(this.line);
      }
      refusal.waiting = false;
      refusal.answer();
    }
    waiting.splice(0, next);
  }
}
