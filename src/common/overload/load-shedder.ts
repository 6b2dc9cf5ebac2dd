import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { AdmissionLoadReport, type AdmissionLoad } from './admission-load.js';
import { EventLoopLoad } from './event-loop-load.js';
import { FairQueue, type ClientLine, type Waiter } from './fair-queue.js';
import { SHED_REASONS, type ShedReason } from './request-work.js';
import { ANONYMOUS, TickShares } from './tick-shares.js';
import { ServiceRate } from './service-rate.js';
import { ShedEpisodes } from './shed-episodes.js';

/** How often the waiting requests are swept and the admitted share read. */
export const TICK_MS = 100;
/**
 * A loop this late (mean delay over a tick, ms) reads requests late: their clients may have left.
 * The bound issue 62 shed at; below it, the check's context costs more than it saves.
 */
export const LATE_LOOP_MS = 50;
/** Requests waiting at most, whatever the estimate: a bound on memory, not a setting. */
export const MAX_WAITING = 50_000;
/**
 * How long a refusal (no valid key, a key past its limit) waits for its turn at most: its answer is
 * the same whenever it comes, and answered at the budget a closed-loop flood would still get one
 * answer per connection and budget, whatever its share.
 */
export const REFUSAL_MAX_WAIT_MS = 10_000;

/** A request waiting for its turn: the listener's way to start it or to refuse it. */
export interface WaitingRequest extends Waiter {
  /** Starts its work (its turn came); a refusal's turn is its answer. */
  start(): void;
  /** Answers 503 OVERLOADED with nothing done: it waited past OVERLOAD_MAX_WAIT_MS. */
  expire(): void;
}

export type Line = ClientLine<WaitingRequest>;

/**
 * Admission by waiting time: at most OVERLOAD_MAX_IN_FLIGHT requests run at once (and one client
 * at most half of them); the rest wait in a FairQueue, their clients served in turn. An arrival
 * is refused at once only when requests are already waiting and its estimated wait (those that
 * start before it, over the rate the instance finishes them) is past OVERLOAD_MAX_WAIT_MS; a
 * waiting request still unstarted past it is refused then. Both answer 503 OVERLOADED, nothing
 * done. So an idle instance admits everything, and a burst it can serve in time is served.
 */
@Injectable()
export class LoadShedder implements OnModuleInit, OnModuleDestroy {
  readonly enabled: boolean;
  readonly maxInFlight: number;
  /** Requests one client may have running at once: half, so no client holds every slot. */
  readonly maxInFlightPerClient: number;
  readonly maxWaitMs: number;
  private readonly queue: FairQueue<WaitingRequest>;
  private readonly rate = new ServiceRate();
  private readonly loop = new EventLoopLoad();
  private readonly episodes = new ShedEpisodes(new Logger('LoadShedding'));
  private timer?: NodeJS.Timeout;
  private lastTickAt = performance.now();
  /** Whether requests waited (or were refused) during this tick. */
  private busy = false;
  private arrivals = 0;
  private refusedThisTick = 0;
  private share = 1;
  private readonly shares = new TickShares(TICK_MS);
  private readonly heldByShare = (line: Line): boolean => this.shares.holds(line);
  /** Refusals waiting for the anonymous line's share, oldest first (some may have left). */
  private readonly refusalsWaiting: WaitingRequest[] = [];
  private anonymousLine?: Line;
  private readonly retired: readonly string[];
  /** What the primary reads: full (arrivals refused), keys waiting, keyless requests lately. */
  private readonly load = new AdmissionLoadReport();
  private refusedOnArrivalThisTick = 0;
  /** The event-loop delay of the last tick, in ms, and its utilization (0 to 1). */
  lastDelayMs = 0;
  lastUtilization = 0;
  /** Requests not served since start, by reason. */
  readonly refusals: Record<ShedReason, number> = Object.fromEntries(
    SHED_REASONS.map((reason) => [reason, 0]),
  ) as Record<ShedReason, number>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.enabled = config.overloadShedding;
    this.maxInFlight = config.overloadMaxInFlight;
    this.maxInFlightPerClient = Math.ceil(config.overloadMaxInFlight / 2);
    this.maxWaitMs = config.overloadMaxWaitMs;
    this.queue = new FairQueue(config.overloadQueueOrder, config.overloadMaxInFlight);
    this.retired = config.overloadRetiredSettings;
  }

  onModuleInit(): void {
    for (const variable of this.retired)
      new Logger('LoadShedding').warn(
        `${variable} is set but no longer read: requests are refused only when they would wait ` +
          'longer than OVERLOAD_MAX_WAIT_MS (docs/operations.md, "Under overload").',
      );
    this.loop.start();
    this.lastTickAt = performance.now();
    this.timer = setInterval(() => this.tick(), TICK_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.loop.stop();
  }

  /** Requests running (started, not yet answered or left). */
  get inFlight(): number {
    return this.queue.running;
  }

  /** Whether the loop ran late over the last tick: a request then checks its client is still there. */
  get loopLate(): boolean {
    return this.lastDelayMs >= LATE_LOOP_MS;
  }

  /** Requests waiting for their turn. */
  get waiting(): number {
    return this.queue.waiting;
  }

  /** Requests a second the instance finishes with those running now; undefined before any. */
  get serviceRate(): number | undefined {
    return this.rate.perSecond(this.queue.running, performance.now());
  }

  /** The share of arrivals admitted over the last tick (1: none refused). */
  get admittedShare(): number {
    return this.share;
  }

  /** Retry-After for a refusal: 1 s, up to 4 s as the share refused grows, to spread retries. */
  retryAfterSeconds(): number {
    return 1 + Math.round(3 * (1 - this.share));
  }

  /** The line of `client` (a verified key's id, or the one id of every request without one). */
  lineOf(client: string): Line {
    return this.queue.lineOf(client);
  }

  /**
   * Whether a request of `line` may start at once: a slot is free, it is not behind itself, and
   * its client has not had its share of this tick (tick-shares.ts).
   */
  mayStart(line: Line): boolean {
    this.arrivals++;
    if (line.client === ANONYMOUS) this.load.keylessArrived();
    return (
      this.queue.running < this.maxInFlight &&
      line.running < this.maxInFlightPerClient &&
      line.waiting === 0 &&
      !this.shares.holds(line)
    );
  }

  /** A request of `line` starts at once (after mayStart). */
  started(line: Line): void {
    this.queue.run(line);
    this.shares.started(line);
  }

  /**
   * Whether a refusal (a request without a valid key, or past its key's limit: the anonymous
   * line's) may be answered at once: it takes no slot, only its share of the tick, and none waits
   * before it.
   */
  mayRefuse(): boolean {
    this.arrivals++;
    this.load.keylessArrived();
    if (this.refusalsWaiting.length > 0)
      this.answerRefusals(performance.now() - REFUSAL_MAX_WAIT_MS);
    return this.refusalsWaiting.length === 0 && !this.shares.holds(this.anonymous());
  }

  /** A refusal is answered at once (after mayRefuse). */
  refusing(): void {
    this.shares.started(this.anonymous());
  }

  /**
   * A refusal past the anonymous line's share waits its turn, answered at a next tick or after
   * REFUSAL_MAX_WAIT_MS (false: too many wait, answer it now).
   */
  waitToRefuse(request: WaitingRequest): boolean {
    this.busy = true;
    if (this.queue.waiting + this.refusalsWaiting.length >= MAX_WAITING) return false;
    this.refusalsWaiting.push(request);
    return true;
  }

  /**
   * A request of `line` that may not start yet: queued, or refused (false) when requests already
   * wait and it would wait past OVERLOAD_MAX_WAIT_MS.
   */
  wait(line: Line, request: WaitingRequest): boolean {
    this.busy = true;
    // A client past its share of the tick waits out the budget: refused at once, its connections
    // would send again at once and take the loop by their number.
    const held = line.client === ANONYMOUS ? this.shares.holdingAnonymous : this.shares.holds(line);
    if (
      this.queue.waiting > 0 &&
      !(held ? this.queue.waiting < MAX_WAITING : this.startsInTime(line))
    ) {
      this.refused('queue_full');
      return false;
    }
    this.queue.wait(line, request, request.arrivedAt);
    return true;
  }

  /**
   * A request of `line` started at `startedAt` is answered, or its client left (`answered`
   * false: its time says nothing of the instance's); the next waiting one starts.
   */
  finished(line: Line, startedAt: number, answered: boolean, now = performance.now()): void {
    this.queue.finish(line);
    if (answered) this.rate.answered(now - startedAt);
    this.startWaiting(now);
    // As each request ends, not only at the timer, which a flood can hold off for seconds.
    if (this.refusalsWaiting.length > 0) this.answerRefusals(now - REFUSAL_MAX_WAIT_MS);
  }

  /** A waiting request whose client left: it never starts. */
  left(line: Line, request: WaitingRequest): void {
    if (!request.waiting) return;
    this.queue.drop(line, request);
    this.refused('client_left');
  }

  /** A waiting refusal whose client left: never answered (dropped from the line lazily). */
  leftRefusal(request: WaitingRequest): void {
    request.waiting = false;
  }

  /**
   * Calls `listener` when this instance starts refusing arrivals (queue_full), and when it no
   * longer would: nothing waits, or a tick without a refusal finds every waiting request starting
   * within the budget; and when requests with a valid key start or stop waiting (a flood without
   * a key never counts: it cannot make the primary refuse for the keys).
   */
  onLoadChange(listener: (load: AdmissionLoad) => void): void {
    this.load.onChange(listener);
  }

  /** Counts a request not served: a refusal here, or one the database layer stopped. */
  refused(reason: ShedReason): void {
    this.refusals[reason]++;
    if (reason === 'queue_full') {
      this.refusedOnArrivalThisTick++;
      this.load.set({ full: true });
    }
    if (reason !== 'client_left') this.refusedThisTick++;
    this.episodes.refused(reason, this.queue.running, this.queue.waiting);
  }

  /** Its timer's work (called with the time in the unit specs). */
  tick(now = performance.now(), reading = this.loop.read()): void {
    this.lastDelayMs = reading.delayMs;
    this.lastUtilization = reading.utilization;
    for (const { waiter } of this.queue.expired(now - this.maxWaitMs)) {
      this.refused('waited');
      waiter.expire();
    }
    const elapsedMs = now - this.lastTickAt;
    this.rate.tick(now, elapsedMs, this.busy || this.queue.waiting > 0);
    this.lastTickAt = now;
    this.busy = false;
    this.share = this.arrivals === 0 ? 1 : Math.max(0, 1 - this.refusedThisTick / this.arrivals);
    this.shares.nextTick(this.lastUtilization, now);
    this.startWaiting(now);
    this.answerRefusals(now - REFUSAL_MAX_WAIT_MS);
    this.arrivals = 0;
    this.refusedThisTick = 0;
    this.episodes.tick(this.share, this.queue.waiting);
    this.queue.forgetIdle();
    // Full from a refusal on arrival until a tick without one finds the queue short enough that
    // even its last request would start within the budget.
    this.load.set({
      full:
        this.queue.waiting > 0 &&
        (this.refusedOnArrivalThisTick > 0 || (this.load.full && !this.queueStartsInTime(now))),
      keyedWaiting: this.keysWaitLong(now),
      keylessRecent: this.load.keylessRecentAt(now),
    });
    this.refusedOnArrivalThisTick = 0;
  }

  /**
   * Answers the waiting refusals that arrived before `deadline` (REFUSAL_MAX_WAIT_MS ago), then as
   * many as the anonymous line's share of this tick allows, oldest first.
   */
  private answerRefusals(deadline: number): void {
    const waiting = this.refusalsWaiting;
    let next = 0;
    for (; next < waiting.length; next++) {
      const request = waiting[next];
      if (!request.waiting) continue;
      if (request.arrivedAt < deadline) {
        request.waiting = false;
        request.expire();
        continue;
      }
      if (this.shares.holds(this.anonymous())) break;
      this.shares.started(this.anonymous());
      request.waiting = false;
      request.start();
    }
    waiting.splice(0, next);
  }

  /** The anonymous line (requests without a valid key, or past their key's limit). */
  private anonymous(): Line {
    return (this.anonymousLine ??= this.queue.lineOf(ANONYMOUS));
  }

  /** Whether one more request of `line` would start within OVERLOAD_MAX_WAIT_MS. */
  private startsInTime(line: Line): boolean {
    if (this.queue.waiting >= MAX_WAITING) return false;
    const perSecond = this.rate.perSecond(this.queue.running, performance.now());
    // Until the instance has been busy a tick, a crowd waits rather than being judged by the
    // time its own reading takes; what then waits too long is refused at the budget.
    if (perSecond === undefined || !this.rate.measured) return true;
    return ((this.queue.ahead(line) + 1) * 1000) / perSecond <= this.maxWaitMs;
  }

  /**
   * Whether a request with a valid key has waited a tenth of OVERLOAD_MAX_WAIT_MS or more: the
   * keys are held up, not only a flood without a key (which never counts).
   */
  private keysWaitLong(now: number): boolean {
    const oldest = this.queue.oldestArrivalExcept(ANONYMOUS);
    return oldest !== undefined && now - oldest >= this.maxWaitMs / 10;
  }

  /** Whether a request behind every waiting one would start within OVERLOAD_MAX_WAIT_MS. */
  private queueStartsInTime(now: number): boolean {
    const perSecond = this.rate.perSecond(this.queue.running, now);
    return (
      perSecond === undefined || ((this.queue.waiting + 1) * 1000) / perSecond <= this.maxWaitMs
    );
  }

  private startWaiting(now: number): void {
    while (this.queue.waiting > 0 && this.queue.running < this.maxInFlight) {
      const next = this.queue.next(now, this.maxInFlightPerClient, this.heldByShare);
      if (next === undefined) break;
      this.shares.started(next.line);
      next.waiter.start();
    }
    // Nothing waits: arrivals are admitted again, and the primary may hand connections here.
    if ((this.load.full || this.load.keyedWaiting) && this.queue.waiting === 0)
      this.load.set({ full: false, keyedWaiting: false });
  }
}
