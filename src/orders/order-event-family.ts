import { jsonInt64 } from '../common/int64/int64.js';
import { parseJsonKeepingDigits } from '../common/json/exact-json.codec.js';
import { registerEventFamily, type EventFamily } from '../events/event-catalog.js';
import type { EventEntity } from '../events/event.entity.js';
import { telemetry } from '../telemetry/telemetry.js';
import type { OrderDto } from './dto/order.dto.js';
import type { OrderEventDto } from './dto/order-event.dto.js';
import { ORDER_EVENT_TYPES, OrderEventType } from './order-event-type.enum.js';
import { OrderStatus } from './order-status.enum.js';
import { toOrderDto } from './order.mapper.js';
import type { EventOf, OrderChanges } from './orders.repository.js';

/** The event as the feed and webhooks show it, with its public id. */
export function toOrderEventDto(event: EventEntity, id: string): OrderEventDto {
  const dto: OrderEventDto = {
    id,
    type: event.type as OrderEventType,
    timestamp: event.occurredAt.toISOString(),
    orderId: jsonInt64(event.subjectId),
    orderVersion: event.subjectVersion,
    data: parseJsonKeepingDigits(event.payload) as OrderDto,
  };
  if (event.owner !== null) dto.owner = event.owner;
  return dto;
}

/** Orders' events, for the events and webhooks machinery (registered when this file loads). */
export const ORDER_EVENT_FAMILY: EventFamily<OrderEventDto> = {
  types: ORDER_EVENT_TYPES,
  render: toOrderEventDto,
  feed: { resynchronise: 'listOrders' },
  webhook: {
    name: 'orderEvent',
    operationId: 'orderEventWebhook',
    summary: 'An order event, POSTed to a webhook endpoint',
    ordering: 'of two events of one order, the higher `orderVersion` is the newer',
    schema: 'OrderEvent',
  },
};
registerEventFamily(ORDER_EVENT_FAMILY);

/** The event of a change: the order as it is after it, owned by the key that placed it. */
export function eventOf(type: OrderEventType): EventOf {
  return (order) => ({
    type,
    subjectId: order.id,
    subjectVersion: order.version,
    owner: order.placedBy,
    occurredAt: new Date(),
    payload: JSON.stringify(toOrderDto(order)),
    traceParent: telemetry().currentTraceparent() ?? null,
  });
}

/** An update that moves the status is named by where it moved; any other is a change. */
export function changeEventOf(changes: OrderChanges): EventOf {
  if (changes.status === OrderStatus.APPROVED) return eventOf(OrderEventType.APPROVED);
  if (changes.status === OrderStatus.DELIVERED) return eventOf(OrderEventType.DELIVERED);
  return eventOf(OrderEventType.CHANGED);
}

/** A deletion is one more change: its version is one past the order's last, with that state. */
export const deletionEventOf: EventOf = (order) => ({
  ...eventOf(OrderEventType.DELETED)(order),
  subjectVersion: order.version + 1,
});
