import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { OrderEventsRepository, SEQUENCE_BATCH } from './order-events.repository.js';

/** How often committed events are looked for when no change of this instance asks sooner. */
export const SEQUENCE_POLL_MS = 200;
/** After a change of this instance commits: soon, so that the events of a burst go together. */
const AFTER_COMMIT_MS = 50;
/** After a failure (the database away): the next try. */
const RETRY_MS = 1_000;

/** Gives committed events their ids (see OrderEventsRepository.sequencePending), off requests. */
@Injectable()
export class EventSequencer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Events');
  private timer?: NodeJS.Timeout;
  private due = Infinity;
  private running?: Promise<void>;
  /** The soonest next pass asked for while one runs. */
  private requested = SEQUENCE_POLL_MS;
  private stopped = false;
  private failing = false;

  constructor(private readonly events: OrderEventsRepository) {
    events.onCommitted = () => this.committed();
  }

  onApplicationBootstrap(): void {
    this.runIn(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** A change of this instance committed an event: sequence it now rather than at the next poll. */
  committed(): void {
    this.runIn(AFTER_COMMIT_MS);
  }

  /** Sequences every committed event now; resolves to how many got an id. */
  async sequenceAll(): Promise<number> {
    let sequenced = 0;
    for (;;) {
      const batch = await this.events.sequencePending();
      sequenced += batch;
      if (batch < SEQUENCE_BATCH) return sequenced;
    }
  }

  private runIn(delayMs: number): void {
    if (this.stopped) return;
    if (this.running) {
      this.requested = Math.min(this.requested, delayMs);
      return;
    }
    const at = Date.now() + delayMs;
    if (at >= this.due) return;
    clearTimeout(this.timer);
    this.due = at;
    this.timer = setTimeout(() => {
      this.due = Infinity;
      this.running = this.pass().then((next) => {
        this.running = undefined;
        this.runIn(next);
      });
    }, delayMs);
    this.timer.unref();
  }

  /** One pass; resolves to when the next is due. */
  private async pass(): Promise<number> {
    this.requested = SEQUENCE_POLL_MS;
    try {
      await this.sequenceAll();
      if (this.failing) this.logger.log('Sequencing events again.');
      this.failing = false;
      return this.requested;
    } catch (error) {
      if (!this.failing)
        this.logger.warn(
          `Sequencing events failed (${error instanceof Error ? error.message : String(error)}); ` +
            'retrying every second, no event is lost.',
        );
      this.failing = true;
      return RETRY_MS;
    }
  }
}
