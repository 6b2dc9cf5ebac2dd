import { BadRequestException, GoneException, Injectable } from '@nestjs/common';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import type { RequestKey } from '../common/auth/request-key.decorator.js';
import { pageLimit, type Page } from '../common/paging/keyset-paging.js';
import { EventFeed } from '../events/event-feed.js';
import type { ListOrderEventsQueryDto } from './dto/list-order-events.query.dto.js';
import type { OrderEventDto } from './dto/order-event.dto.js';
import { toOrderEventDto } from './order-event-family.js';
import { EventsErrorCode } from './order-events.errors.js';

/** The feed of order events (GET /v1/events). */
@Injectable()
export class OrderEventsService {
  constructor(private readonly feed: EventFeed) {}

  /** A page of events in sequence order after `after`; a partner key's own orders' only. */
  async list(query: ListOrderEventsQueryDto, key: RequestKey): Promise<Page<OrderEventDto>> {
    const read = await this.feed.page(query.after, pageLimit(query), {
      owner: key.kind === ApiKeyKind.PARTNER ? key.name : undefined,
      type: query.type,
      subjectId: query.orderId === undefined ? undefined : BigInt(query.orderId),
    });
    if ('unknownPosition' in read) throw unknownAfter(query.after!);
    if ('expired' in read) throw expired();
    const { page } = read;
    return {
      ...page,
      items: page.items.map((event) => toOrderEventDto(event, this.feed.idOf(event))),
    };
  }
}

/** A 410 that names no position in the sequence: that would tell how many events others had. */
function expired(): GoneException {
  return new GoneException(
    'Events after the one named in after were purged unread (events are kept ' +
      'EVENTS_RETENTION_DAYS days): some were missed. Resynchronise from listOrders, then read ' +
      'the feed without after.',
    { errorCode: EventsErrorCode.EVENTS_EXPIRED },
  );
}

function unknownAfter(after: string): BadRequestException {
  return new BadRequestException(
    'after must be the id of an event of this feed (evt_ and 22 letters, digits, "-" or "_"), or ' +
      `a numeric id from before event ids were opaque, up to the last such id; got "${after}"`,
  );
}
