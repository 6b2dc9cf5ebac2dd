import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { AdmissionControl } from './admission-control.js';
import { EventLoopLoad } from './event-loop-load.js';
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
 * Load shedding: each tick reads the event-loop delay, its utilization (when bounded) and the
 * requests in progress against their bounds, and AdmissionControl turns the largest into the share
 * of arrivals admitted; FairShares
 * decides whose arrivals are refused (the heaviest clients first). A refusal costs a random draw.
 */
@Injectable()
export class LoadShedder implements OnModuleInit, OnModuleDestroy {
  readonly enabled: boolean;
  readonly maxInFlight: number;
  readonly maxWaitMs: number;
  readonly maxDelayMs: number;
  readonly maxUtilization: number;
  private readonly loop = new EventLoopLoad();
  private readonly control = new AdmissionControl();
  private readonly shares = new FairShares();
  private readonly episodes = new ShedEpisodes(new Logger('LoadShedding'));
  private timer?: NodeJS.Timeout;
  private reason: Exclude<Refusal, undefined> = 'event_loop_delay';
  /** Requests admitted and not yet answered (or left). */
  inFlight = 0;
  /** The event-loop delay of the last tick, in ms, and its utilization (0 to 1). */
  lastDelayMs = 0;
  lastUtilization = 0;
  /** Requests not served since start, by reason. */
  readonly refusals: Record<ShedReason, number> = Object.fromEntries(
    SHED_REASONS.map((reason) => [reason, 0]),
  ) as Record<ShedReason, number>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.enabled = config.overloadShedding;
    this.maxDelayMs = config.overloadMaxEventLoopDelayMs;
    this.maxUtilization = config.overloadMaxEventLoopUtilization;
    this.maxInFlight = config.overloadMaxInFlight;
    this.maxWaitMs = config.overloadMaxWaitMs;
  }

  onModuleInit(): void {
    this.loop.start();
    this.timer = setInterval(() => this.tick(), TICK_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.loop.stop();
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

  /** Its timer's work: reads the signals (given in the unit specs) and sets what is admitted. */
  tick(reading: { delayMs: number; utilization: number } = this.loop.read()): void {
    const previous = { delayMs: this.lastDelayMs, utilization: this.lastUtilization };
    this.lastDelayMs = reading.delayMs;
    this.lastUtilization = reading.utilization;
    // Two ticks in a row: one collection or compilation pause alone is not overload.
    const pressures: [Exclude<Refusal, undefined>, number][] = [
      ['event_loop_delay', Math.min(previous.delayMs, reading.delayMs) / this.maxDelayMs],
      [
        'event_loop_utilization',
        // A bound of 1 is no bound: the signal is not read (the default, docs/configuration.md).
        this.maxUtilization < 1
          ? Math.min(previous.utilization, reading.utilization) / this.maxUtilization
          : 0,
      ],
      ['in_flight', this.inFlight / this.maxInFlight],
    ];
    const [reason, pressure] = pressures.reduce((most, next) => (next[1] > most[1] ? next : most));
    this.reason = reason;
    if (this.enabled) this.shares.tick(this.control.update(pressure));
    this.episodes.tick(this.control.admitted);
  }
}
