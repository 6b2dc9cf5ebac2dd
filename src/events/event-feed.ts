import { Injectable } from '@nestjs/common';
import { pageOf, type Page } from '../common/paging/keyset-paging.js';
import { EventIds } from './event-ids.js';
import type { EventEntity } from './event.entity.js';
import { EventsRepository, type EventFilters } from './events.repository.js';

/** A page of the feed, or why there is none: the text of those errors is the feed owner's. */
export type FeedPage =
  | { page: Page<EventEntity> }
  /** `after` is no event id of this feed (nor a numeric id from before ids were opaque). */
  | { unknownPosition: true }
  /** Events after `after` were purged unread. */
  | { expired: true };

/** Reading the feed: keyset pages in sequence order, resumed after a public event id. */
@Injectable()
export class EventFeed {
  constructor(
    private readonly events: EventsRepository,
    private readonly ids: EventIds,
  ) {}

  /** Up to `limit` events after `after` (absent: from the oldest kept) that pass `filters`. */
  async page(after: string | undefined, limit: number, filters: EventFilters): Promise<FeedPage> {
    await this.ids.ready();
    const position = after === undefined ? 0n : this.ids.resumeAfter(after);
    if (position === undefined) return { unknownPosition: true };
    const rows = await this.events.listAfter(position, limit + 1, filters);
    // Checked after the read, on the primary (never behind any replica the rows came from): a
    // purge that removed rows this read would have shown is then seen, never a silent gap.
    if (after !== undefined) {
      const { purgedThrough } = await this.events.sequence();
      if (position < purgedThrough) return { expired: true };
    }
    return { page: pageOf(rows, limit, (last) => this.ids.of(last.id)) };
  }

  /** The public id of an event; call after `page` (or EventIds.ready) has resolved. */
  idOf(event: EventEntity): string {
    return this.ids.of(event.id);
  }
}
