import { Injectable } from '@nestjs/common';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import type { RequestKey } from '../common/auth/request-key.decorator.js';
import { pageLimit, type Page } from '../common/paging/keyset-paging.js';
import { EventFeed } from '../events/event-feed.js';
import type { ListOrderEventsQueryDto } from './dto/list-order-events.query.dto.js';
import type { OrderEventDto } from './dto/order-event.dto.js';
import { ORDER_EVENT_FAMILY } from './order-event-family.js';

/** The feed of order events (GET /v1/events): orders' family only, whatever others exist. */
@Injectable()
export class OrderEventsService {
  constructor(private readonly feed: EventFeed) {}

  /** A page of events in sequence order after `after`; a partner key's own orders' only. */
  list(query: ListOrderEventsQueryDto, key: RequestKey): Promise<Page<OrderEventDto>> {
    return this.feed.page(ORDER_EVENT_FAMILY, query.after, pageLimit(query), {
      owner: key.kind === ApiKeyKind.PARTNER ? key.name : undefined,
      type: query.type,
      subjectId: query.orderId === undefined ? undefined : BigInt(query.orderId),
    });
  }
}
