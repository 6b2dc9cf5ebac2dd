import { Injectable } from '@nestjs/common';
import { pageOf, type Page } from '../common/paging/keyset-paging.js';
import type { EventFamily, RenderedEvent } from './event-catalog.js';
import { eventsExpired, unknownEventPosition } from './event-feed.errors.js';
import { EventIds } from './event-ids.js';
import { EventsRepository } from './events.repository.js';

/** What a family's feed may narrow its events to, besides the family's own types. */
export interface FeedFilters {
  /** Only events of this key: what a partner key sees. */
  owner?: string;
  /** One of the family's types. */
  type?: string;
  subjectId?: bigint;
}

/**
 * Reading one family's feed: its events only, whatever other families write, in keyset pages in
 * sequence order, resumed after a public event id; 400 for an unknown position, 410 for a purged one.
 */
@Injectable()
export class EventFeed {
  constructor(
    private readonly events: EventsRepository,
    private readonly ids: EventIds,
  ) {}

  /** Up to `limit` of the family's events after `after` (absent: from the oldest kept). */
  async page<T extends RenderedEvent>(
    family: EventFamily<T>,
    after: string | undefined,
    limit: number,
    filters: FeedFilters,
  ): Promise<Page<T>> {
    await this.ids.ready();
    const position = after === undefined ? 0n : this.ids.resumeAfter(after);
    if (position === undefined) throw unknownEventPosition(after!);
    const { type, ...rest } = filters;
    const types = type === undefined ? family.types : family.types.filter((one) => one === type);
    const rows = await this.events.listAfter(position, limit + 1, { ...rest, types });
    // Checked after the read, on the primary (never behind any replica the rows came from): a
    // purge that removed rows this read would have shown is then seen, never a silent gap.
    if (after !== undefined) {
      const { purgedThrough } = await this.events.sequence();
      if (position < purgedThrough) throw eventsExpired(family);
    }
    const page = pageOf(rows, limit, (last) => this.ids.of(last.id));
    return {
      ...page,
      items: page.items.map((event) => family.render(event, this.ids.of(event.id))),
    };
  }
}
