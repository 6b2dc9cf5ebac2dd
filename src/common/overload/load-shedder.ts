import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { AdmissionLoadReport, type AdmissionLoad } from './admission-load.js';
import { EventLoopLoad } from './event-loop-load.js';
import { FairQueue } from './fair-queue.js';
import { SHED_REASONS, type ShedReason } from './request-work.js';
import { IdleRelease } from './idle-release.js';
import { RefusalLine, type WaitingRefusal } from './refusal-line.js';
import { ANONYMOUS, TickShares } from './tick-shares.js';
import { ServiceRate } from './service-rate.js';
import { MAX_WAITING, WaitEstimate } from './wait-estimate.js';
import { ShedEpisodes } from './shed-episodes.js';
import { LATE_LOOP_MS, TICK_MS, type Line, type WaitingRequest } from './waiting-request.js';

/** Admission by waiting time (docs/operations.md, "Under overload"). */
@Injectable()
export class LoadShedder implements OnModuleInit, OnModuleDestroy {
  readonly enabled: boolean;
  readonly maxInFlight: number;
  /** Requests one client may have running at once: half, so no client holds every slot. */
  readonly maxInFlightPerClient: number;
  readonly maxWaitMs: number;
  private readonly queue: FairQueue<WaitingRequest>;
  private readonly rate = new ServiceRate();
  private readonly estimate: WaitEstimate;
  private readonly loop = new EventLoopLoad();
  private readonly episodes = new ShedEpisodes(new Logger('LoadShedding'));
  private lastTickAt = performance.now();
  /** Whether requests waited (or were refused) during this tick. */
  private busy = false;
  private arrivals = 0;
  private refusedThisTick = 0;
  /** The share of arrivals admitted over the last tick (1: none refused). */
  admittedShare = 1;
  private readonly shares = new TickShares(TICK_MS);
  private readonly heldByShare = (line: Line): boolean => this.shares.holds(line);
  /** Refusals made before any work, answered on the anonymous line's share. */
  readonly refusalLine = new RefusalLine(this.shares);
  private readonly idle = new IdleRelease(
    () => this.arrivals,
    () => this.releaseOne(),
  );
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
    this.estimate = new WaitEstimate(this.queue, this.rate, this.maxWaitMs);
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
  }

  onModuleDestroy(): void {
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

  /** Retry-After for a refusal: 1 s, up to 4 s as the share refused grows, to spread retries. */
  retryAfterSeconds(): number {
    return 1 + Math.round(3 * (1 - this.admittedShare));
  }

  /** The line of `client` (a verified key's id, or the one id of every request without one). */
  lineOf(client: string): Line {
    return this.queue.lineOf(client);
  }

  /** Whether a request of `line` may start now: a free slot, and its client within its share. */
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
   * Whether a refusal (a request without a valid key, or past its key's limit) may be answered at
   * once, on the anonymous line's share (then refusalLine.answering()), or waitToRefuse().
   */
  mayRefuse(): boolean {
    this.arrivals++;
    this.load.keylessArrived();
    return this.refusalLine.mayAnswer(performance.now());
  }

  /** Whether another client runs, waits or was served lately: `line`'s 503s then wait their turn. */
  sharing(line: Line): boolean {
    if (line.client === ANONYMOUS) return this.shares.holdingAnonymous;
    return this.queue.clients > 1 || this.shares.othersServed(line);
  }

  /** A refusal past the share waits its turn (false: too many wait, answer it now). */
  waitToRefuse(refusal: WaitingRefusal): boolean {
    this.busy = true;
    if (this.queue.waiting + this.refusalLine.length >= MAX_WAITING) return false;
    this.refusalLine.wait(refusal);
    return true;
  }

  /** Queues a request that may not start yet; false (refused) when it would wait past the budget. */
  wait(line: Line, request: WaitingRequest): boolean {
    this.busy = true;
    // A client past its share of the tick waits out the budget: refused at once, its connections
    // would send again at once and take the loop by their number.
    const held = line.client === ANONYMOUS ? this.shares.holdingAnonymous : this.shares.holds(line);
    if (
      this.queue.waiting > 0 &&
      !(held ? this.queue.waiting < MAX_WAITING : this.estimate.startsInTime(line))
    ) {
      this.refused('queue_full', line.waiting === 0 || !this.sharing(line));
      return false;
    }
    this.queue.wait(line, request, request.arrivedAt);
    if (held) this.idle.held();
    return true;
  }

  /** A request ended (`answered` false: its client left); the next waiting one starts. */
  finished(line: Line, startedAt: number, answered: boolean, now = performance.now()): void {
    this.queue.finish(line);
    if (answered) this.rate.answered(now - startedAt);
    this.startWaiting(now);
    // As each request ends, not only at the timer, which a flood can hold off for seconds.
    if (this.refusalLine.length > 0) this.refusalLine.answerDue(now);
  }

  /** A waiting request whose client left: it never starts. */
  left(line: Line, request: WaitingRequest): void {
    if (!request.waiting) return;
    this.queue.drop(line, request);
    this.refused('client_left');
  }

  /** Calls `listener` when refusing starts or stops, or keys' requests start or stop waiting. */
  onLoadChange(listener: (load: AdmissionLoad) => void): void {
    this.load.onChange(listener);
  }

  /** Counts a request not served; `instanceFull`: a new client's would have been refused too. */
  refused(reason: ShedReason, instanceFull = true): void {
    this.refusals[reason]++;
    if (reason === 'queue_full' && instanceFull) {
      this.refusedOnArrivalThisTick++;
      this.load.set({ full: true });
    }
    if (reason !== 'client_left') this.refusedThisTick++;
    this.episodes.refused(reason, this.queue.running, this.queue.waiting);
  }

  /** Its timer's work (called with the time in the unit specs). */
  @Interval(TICK_MS)
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
    this.admittedShare =
      this.arrivals === 0 ? 1 : Math.max(0, 1 - this.refusedThisTick / this.arrivals);
    this.shares.nextTick(now);
    this.startWaiting(now);
    this.refusalLine.answerDue(now);
    this.arrivals = 0;
    this.refusedThisTick = 0;
    this.episodes.tick(this.admittedShare, this.queue.waiting);
    this.queue.forgetIdle();
    // Full from a refusal of a client's first waiting request until a tick without one finds
    // that such a request would start within the budget (a flood's own line is not the others').
    this.load.set({
      full:
        this.queue.waiting > 0 &&
        (this.refusedOnArrivalThisTick > 0 ||
          (this.load.full && !this.estimate.freshStartsInTime(now))),
      keyedWaiting: this.keysWaitLong(now),
      keylessRecent: this.load.keylessRecentAt(now),
    });
    this.refusedOnArrivalThisTick = 0;
  }

  /** Whether a request with a valid key has waited a tenth of the budget (keyless never count). */
  private keysWaitLong(now: number): boolean {
    const oldest = this.queue.oldestArrivalExcept(ANONYMOUS);
    return oldest !== undefined && now - oldest >= this.maxWaitMs / 10;
  }

  /** Starts one held request in an idle turn; never a refusal, which would bring the next at once. */
  private releaseOne(): boolean {
    if (this.queue.running >= this.maxInFlight) return this.queue.waiting > 0;
    const next = this.queue.next(performance.now(), this.maxInFlightPerClient);
    if (next !== undefined) {
      this.shares.started(next.line);
      next.waiter.start();
    }
    return this.queue.waiting > 0;
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
