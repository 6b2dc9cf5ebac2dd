import { BadRequestException, GoneException, Injectable } from '@nestjs/common';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import type { RequestKey } from '../common/auth/request-key.decorator.js';
import { jsonInt64 } from '../common/int64/int64.js';
import { parseJsonKeepingDigits } from '../common/json/exact-json.codec.js';
import { pageLimit, pageOf, type Page } from '../common/paging/keyset-paging.js';
import type { OrderDto } from '../orders/dto/order.dto.js';
import type { ListEventsQueryDto } from './dto/list-events.query.dto.js';
import type { OrderEventDto } from './dto/order-event.dto.js';
import { EventIds } from './event-ids.js';
import { EventsErrorCode } from './events.errors.js';
import type { OrderEventEntity } from './order-event.entity.js';
import { OrderEventsRepository } from './order-events.repository.js';

@Injectable()
export class EventsService {
  constructor(
    private readonly events: OrderEventsRepository,
    private readonly ids: EventIds,
  ) {}

  /** A page of events in sequence order after `after`; a partner key's own orders' only. */
  async list(query: ListEventsQueryDto, key: RequestKey): Promise<Page<OrderEventDto>> {
    const limit = pageLimit(query);
    await this.ids.ready();
    const after = query.after === undefined ? 0n : this.ids.resumeAfter(query.after);
    if (after === undefined) throw unknownAfter(query.after!);
    const rows = await this.events.listAfter(after, limit + 1, {
      owner: key.kind === ApiKeyKind.PARTNER ? key.name : undefined,
      type: query.type,
      orderId: query.orderId === undefined ? undefined : BigInt(query.orderId),
    });
    // Checked after the read, on the primary (never behind any replica the rows came from): a
    // purge that removed rows this read would have shown is then seen, never a silent gap.
    if (query.after !== undefined) {
      const { purgedThrough } = await this.events.sequence();
      if (after < purgedThrough) throw expired();
    }
    const page = pageOf(rows, limit, (last) => this.ids.of(last.id));
    return { ...page, items: page.items.map((event) => toOrderEventDto(event, this.ids)) };
  }
}

/** The event as the feed and webhooks show it, with its public id. */
export function toOrderEventDto(event: OrderEventEntity, ids: EventIds): OrderEventDto {
  const dto: OrderEventDto = {
    id: ids.of(event.id),
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    orderId: jsonInt64(event.orderId),
    orderVersion: event.orderVersion,
    data: parseJsonKeepingDigits(event.payload) as OrderDto,
  };
  if (event.owner !== null) dto.owner = event.owner;
  return dto;
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
