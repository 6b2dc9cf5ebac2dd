import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { AdmissionControl } from './admission-control.js';
import { EventLoopDelay } from './event-loop-delay.js';
import { FairShares } from './fair-shares.js';
import { SHED_REASONS, type ShedReason } from './request-work.js';
import { ShedEpisodes } from './shed-episodes.js';

/** How often the signal is read and the admitted share adjusted. */
export const TICK_MS = 100;
/** Requests in progress past this many times OVERLOAD_MAX_IN_FLIGHT are refused without a draw. */
const IN_FLIGHT_BACKSTOP = 2;

/** The decision for one arriving request: undefined admits it. */
export type Refusal = Exclude<ShedReason, 'waited' | 'client_left'> | undefined;

/**
 * Load shedding: each tick reads the event-loop delay and the requests in progress against their
 * bounds, and AdmissionControl turns the larger into the share of arrivals admitted; FairShares
 * decides whose arrivals are refused (the heaviest clients first). A refusal costs a random draw.
 */
@Injectable()
export class LoadShedder implements OnModuleInit, OnModuleDestroy {
  readonly enabled: boolean;
  readonly maxInFlight: number;
  readonly maxWaitMs: number;
  readonly maxDelayMs: number;
  private readonly delay = new EventLoopDelay();
  private readonly control = new AdmissionControl();
  private readonly shares = new FairShares();
  private readonly episodes = new ShedEpisodes(new Logger('LoadShedding'));
  private timer?: NodeJS.Timeout;
  private reason: Exclude<Refusal, undefined> = 'event_loop_delay';
  /** Requests admitted and not yet answered (or left). */
  inFlight = 0;
  /** The event-loop delay of the last tick, in ms. */
  lastDelayMs = 0;
  /** Requests not served since start, by reason. */
  readonly refusals: Record<ShedReason, number> = Object.fromEntries(
    SHED_REASONS.map((reason) => [reason, 0]),
  ) as Record<ShedReason, number>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.enabled = config.overloadShedding;
    this.maxDelayMs = config.overloadMaxEventLoopDelayMs;
    this.maxInFlight = config.overloadMaxInFlight;
    this.maxWaitMs = config.overloadMaxWaitMs;
  }

  onModuleInit(): void {
    this.delay.start();
    this.timer = setInterval(() => this.tick(), TICK_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.delay.stop();
  }

  /** The share of arrivals admitted now (1: no shedding). */
  get admittedShare(): number {
    return this.control.admitted;
  }

  /** Whether some arrivals are being refused: a request then checks its client is still there. */
  get shedding(): boolean {
    return this.control.admitted < 1;
  }

  /** Retry-After for a refusal: 1 s, up to 4 s as the share refused grows, to spread retries. */
  retryAfterSeconds(): number {
    return 1 + Math.round(3 * (1 - this.control.admitted));
  }

  /** One arriving request of `client` (a hash of its credentials): admitted, or why not. */
  admit(client: number, draw = Math.random()): Refusal {
    if (!this.enabled) return undefined;
    const count = this.shares.arrive(client);
    if (this.inFlight >= IN_FLIGHT_BACKSTOP * this.maxInFlight) return this.refuse('in_flight');
    if (this.control.admitted < 1 && draw >= this.shares.chance(count))
      return this.refuse(this.reason);
    return undefined;
  }

  /** Counts a request not served: a refusal here, or one the database layer stopped. */
  refused(reason: ShedReason): void {
    this.refusals[reason]++;
    this.episodes.refused(reason, this.lastDelayMs, this.inFlight);
  }

  private refuse(reason: Exclude<Refusal, undefined>): Refusal {
    this.refused(reason);
    return reason;
  }

  /** Its timer's work: reads the signal (`delayMs` in the unit specs) and sets what is admitted. */
  tick(delayMs = this.delay.read()): void {
    const previousDelayMs = this.lastDelayMs;
    this.lastDelayMs = delayMs;
    // Two ticks in a row: one collection or compilation pause alone is not overload.
    const byDelay = Math.min(previousDelayMs, this.lastDelayMs) / this.maxDelayMs;
    const byInFlight = this.inFlight / this.maxInFlight;
    this.reason = byDelay >= byInFlight ? 'event_loop_delay' : 'in_flight';
    if (this.enabled) this.shares.tick(this.control.update(Math.max(byDelay, byInFlight)));
    this.episodes.tick(this.control.admitted);
  }
}
