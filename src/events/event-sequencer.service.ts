import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PollingLoop } from '../common/time/polling-loop.js';
import { EventsRepository, SEQUENCE_BATCH } from './events.repository.js';

/** How often committed events are looked for when no change of this instance asks sooner. */
export const SEQUENCE_POLL_MS = 200;
/** After a change of this instance commits: soon, so that the events of a burst go together. */
const AFTER_COMMIT_MS = 50;
/** After a failure (the database away): the next try. */
const RETRY_MS = 1_000;

/** Gives committed events their ids (see EventsRepository.sequencePending), off requests. */
@Injectable()
export class EventSequencer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Events');
  private readonly loop = new PollingLoop(() => this.pass());
  private failing = false;

  constructor(private readonly events: EventsRepository) {
    events.onCommitted = () => this.committed();
  }

  onApplicationBootstrap(): void {
    this.loop.runIn(0);
  }

  onModuleDestroy(): Promise<void> {
    return this.loop.stop();
  }

  /** A change of this instance committed an event: sequence it now rather than at the next poll. */
  committed(): void {
    this.loop.runIn(AFTER_COMMIT_MS);
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

  /** One pass; resolves to when the next is due. */
  private async pass(): Promise<number> {
    try {
      await this.sequenceAll();
      if (this.failing) this.logger.log('Sequencing events again.');
      this.failing = false;
      return SEQUENCE_POLL_MS;
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
