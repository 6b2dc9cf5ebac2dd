import { Injectable } from '@nestjs/common';
import { EventIdCodec } from './event-id.codec.js';
import { EventsRepository } from './events.repository.js';

/**
 * The events' public ids. The sequence's key is read from the database on first need (not
 * at start: an instance may start before the migrations have run), then kept.
 */
@Injectable()
export class EventIds {
  private codec?: EventIdCodec;
  private loading?: Promise<void>;

  constructor(private readonly events: EventsRepository) {}

  /** Resolves once ids can be made; call it before `of` and `resumeAfter` in a request or job. */
  ready(): Promise<void> {
    if (this.codec) return Promise.resolve();
    this.loading ??= this.load().finally(() => (this.loading = undefined));
    return this.loading;
  }

  /** The public id of the event with this sequence number. */
  of(sequence: bigint): string {
    return this.loaded.encode(sequence);
  }

  /** The sequence number to resume after, for `after` as sent; undefined when it is not one. */
  resumeAfter(after: string): bigint | undefined {
    return this.loaded.resumeAfter(after);
  }

  private async load(): Promise<void> {
    const { idKey, numericIdsThrough } = await this.events.sequence();
    if (idKey === null) throw new Error('event_sequences has no id_key: run the migrations');
    this.codec = new EventIdCodec(Buffer.from(idKey, 'base64url'), numericIdsThrough);
  }

  private get loaded(): EventIdCodec {
    if (!this.codec) throw new Error('Event ids are used before EventIds.ready() resolved');
    return this.codec;
  }
}
