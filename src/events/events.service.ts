import { GoneException, Injectable } from '@nestjs/common';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import type { RequestKey } from '../common/auth/request-key.decorator.js';
import { jsonInt64 } from '../common/int64/int64.js';
import { parseJsonKeepingDigits } from '../common/json/exact-json.codec.js';
import { pageLimit, pageOf, type Page } from '../common/paging/keyset-paging.js';
import type { OrderDto } from '../orders/dto/order.dto.js';
import type { ListEventsQueryDto } from './dto/list-events.query.dto.js';
import type { OrderEventDto } from './dto/order-event.dto.js';
import { EventsErrorCode } from './events.errors.js';
import type { OrderEventEntity } from './order-event.entity.js';
import { OrderEventsRepository } from './order-events.repository.js';

@Injectable()
export class EventsService {
  constructor(private readonly events: OrderEventsRepository) {}

  /** A page of events in id order after `after`; a partner key's own orders' only. */
  async list(query: ListEventsQueryDto, key: RequestKey): Promise<Page<OrderEventDto>> {
    const limit = pageLimit(query);
    const after = query.after === undefined ? 0n : BigInt(query.after);
    const rows = await this.events.listAfter(after, limit + 1, {
      owner: key.kind === ApiKeyKind.PARTNER ? key.name : undefined,
      type: query.type,
      orderId: query.orderId === undefined ? undefined : BigInt(query.orderId),
    });
    // Checked after the read, on the primary (never behind any replica the rows came from): a
    // purge that removed rows this read would have shown is then seen, never a silent gap.
    if (query.after !== undefined) {
      const { purgedThrough } = await this.events.sequence();
      if (after < purgedThrough) throw expired(after, purgedThrough);
    }
    const page = pageOf(rows, limit, (last) => String(last.id));
    return { ...page, items: page.items.map(toOrderEventDto) };
  }
}

export function toOrderEventDto(event: OrderEventEntity): OrderEventDto {
  const dto: OrderEventDto = {
    id: jsonInt64(event.id),
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    orderId: jsonInt64(event.orderId),
    orderVersion: event.orderVersion,
    data: parseJsonKeepingDigits(event.payload) as OrderDto,
  };
  if (event.owner !== null) dto.owner = event.owner;
  return dto;
}

function expired(after: bigint, purgedThrough: bigint): GoneException {
  return new GoneException(
    `Events after ${after} were purged (every event up to ${purgedThrough} is gone): some were ` +
      'missed. Resynchronise from listOrders, then read the feed without after.',
    { errorCode: EventsErrorCode.EVENTS_EXPIRED },
  );
}
