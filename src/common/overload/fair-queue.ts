/** The order a client's waiting requests start in: see docs/operations.md ("Under overload"). */
export type QueueOrder = 'adaptive-lifo' | 'fifo';
export const QUEUE_ORDERS: readonly QueueOrder[] = ['adaptive-lifo', 'fifo'];

/** A queue that has not been empty for this long is standing (CoDel's interval). */
export const STANDING_AFTER_MS = 100;

/** One waiting request: when it arrived, and whether it is still waiting. */
export interface Waiter {
  readonly arrivedAt: number;
  waiting: boolean;
}

/** A client's requests: those started and not yet answered, and those waiting, oldest first. */
export interface ClientLine<W extends Waiter> {
  readonly client: string;
  running: number;
  waiting: number;
  /** Requests it started in the tick numbered `startedTick`. */
  started: number;
  startedTick: number;
  /** Waiters from `head` on; some may have stopped waiting (taken out lazily). */
  readonly queue: W[];
  head: number;
}

/** Waiting requests, clients served in turn below their caps; adaptive LIFO while it stands. */
export class FairQueue<W extends Waiter> {
  private readonly lines = new Map<string, ClientLine<W>>();
  /** Clients with some waiting, in their turn order; `turn` is the next to start. */
  private readonly turns: ClientLine<W>[] = [];
  private turn = 0;
  /** Since when requests have waited with every slot taken (not only for their client's cap). */
  private standingSince?: number;
  /** Requests waiting, all clients. */
  waiting = 0;
  /** Requests started and not yet answered, all clients. */
  running = 0;

  /** `slots`: requests run at once; a queue stands only while they are all taken. */
  constructor(
    private readonly order: QueueOrder,
    private readonly slots = Number.POSITIVE_INFINITY,
  ) {}

  /** When the longest-waiting request of any client but `except` arrived; undefined if none waits. */
  oldestArrivalExcept(except: string): number | undefined {
    let oldest: number | undefined;
    for (const line of this.turns) {
      if (line.client === except) continue;
      for (let i = line.head; i < line.queue.length; i++) {
        const waiter = line.queue[i];
        if (!waiter.waiting) continue;
        if (oldest === undefined || waiter.arrivedAt < oldest) oldest = waiter.arrivedAt;
        break;
      }
    }
    return oldest;
  }

  /** The client's line, made when it has none. */
  lineOf(client: string): ClientLine<W> {
    let line = this.lines.get(client);
    if (line === undefined) {
      line = emptyLine(client);
      this.lines.set(client, line);
    }
    return line;
  }

  /** A request of `line` starts at once. */
  run(line: ClientLine<W>): void {
    line.running++;
    this.running++;
  }

  /** A request of `line` that ran is answered (or its client left). */
  finish(line: ClientLine<W>): void {
    line.running--;
    this.running--;
  }

  /**
   * Requests that start before one more of `line` would, were it to wait now: its own waiting,
   * and from each other client as many as it has waiting, up to one more than `line` (its turns).
   */
  ahead(line: ClientLine<W>): number {
    let ahead = line.waiting;
    for (const other of this.turns)
      if (other !== line) ahead += Math.min(other.waiting, line.waiting + 1);
    return ahead;
  }

  wait(line: ClientLine<W>, waiter: W, now: number): void {
    // A client waiting behind its own cap while slots are free is not a standing queue: a lone
    // client with more connections than its cap keeps its order (FIFO), and none of its requests
    // is starved by its newer ones.
    if (this.standingSince === undefined && this.running >= this.slots) this.standingSince = now;
    if (line.waiting === 0) this.turns.push(line);
    line.queue.push(waiter);
    line.waiting++;
    this.waiting++;
  }

  /** A waiter that stops waiting without starting (its client left, or it waited too long). */
  drop(line: ClientLine<W>, waiter: W): void {
    if (waiter.waiting) this.taken(line, waiter);
  }

  /** Whether the newest waiting requests start first now: adaptive LIFO, the queue standing. */
  newestFirst(now: number): boolean {
    return (
      this.order === 'adaptive-lifo' &&
      this.standingSince !== undefined &&
      now - this.standingSince >= STANDING_AFTER_MS
    );
  }

  /** The next waiter to start, counted as running, or undefined when none can. */
  next(
    now: number,
    cap: number,
    held: (line: ClientLine<W>) => boolean = () => false,
  ): { line: ClientLine<W>; waiter: W } | undefined {
    const newestFirst = this.newestFirst(now);
    for (let tried = 0; tried < this.turns.length; tried++) {
      if (this.turn >= this.turns.length) this.turn = 0;
      const line = this.turns[this.turn];
      if (line.running >= cap || held(line)) {
        this.turn++;
        continue;
      }
      const waiter = newestFirst ? this.takeNewest(line) : this.takeOldest(line);
      // The next client's turn comes next, whatever this one has left.
      this.turn++;
      if (waiter === undefined) continue;
      this.run(line);
      this.taken(line, waiter);
      return { line, waiter };
    }
    return undefined;
  }

  /** Waiters past `deadline` (arrived before it), oldest first, taken out of the queue. */
  *expired(deadline: number): Generator<{ line: ClientLine<W>; waiter: W }> {
    for (const line of [...this.turns])
      while (line.head < line.queue.length) {
        const waiter = line.queue[line.head];
        if (waiter.waiting && waiter.arrivedAt >= deadline) break;
        line.head++;
        if (!waiter.waiting) continue;
        this.drop(line, waiter);
        yield { line, waiter };
      }
  }

  /** Clients with requests running or waiting. */
  get clients(): number {
    return this.lines.size;
  }

  private takeOldest(line: ClientLine<W>): W | undefined {
    while (line.head < line.queue.length) {
      const waiter = line.queue[line.head++];
      if (waiter.waiting) return waiter;
    }
    return undefined;
  }

  private takeNewest(line: ClientLine<W>): W | undefined {
    while (line.queue.length > line.head) {
      const waiter = line.queue.pop()!;
      if (waiter.waiting) return waiter;
    }
    return undefined;
  }

  /** Counts `waiter` out of the queue; a line with none waiting leaves the rotation. */
  private taken(line: ClientLine<W>, waiter: W): void {
    waiter.waiting = false;
    line.waiting--;
    this.waiting--;
    if (this.waiting === 0) this.standingSince = undefined;
    if (line.waiting > 0) {
      // The taken-out waiters at the front go once they are half of the line.
      if (line.head > 64 && line.head * 2 > line.queue.length) {
        line.queue.splice(0, line.head);
        line.head = 0;
      }
      return;
    }
    line.queue.length = 0;
    line.head = 0;
    const at = this.turns.indexOf(line);
    this.turns.splice(at, 1);
    if (at < this.turn) this.turn--;
  }

  /** Forgets idle clients once a tick (at each answer they would be made again and again). */
  forgetIdle(): void {
    for (const [client, line] of this.lines)
      if (line.running === 0 && line.waiting === 0) this.lines.delete(client);
  }
}

/** A client's line with nothing running or waiting. */
export function emptyLine<W extends Waiter>(client: string): ClientLine<W> {
  return { client, running: 0, waiting: 0, started: 0, startedTick: -1, queue: [], head: 0 };
}
