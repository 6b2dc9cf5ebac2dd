import { jsonInt64 } from '../common/int64/int64.js';
import type { OrderDto } from './dto/order.dto.js';
import type { OrderEntity } from './order.entity.js';

/** A ship date left out stays absent; one given is returned in UTC, to the millisecond. */
export function toOrderDto(order: OrderEntity): OrderDto {
  const shipDate = order.shipDate === null ? {} : { shipDate: order.shipDate.toISOString() };
  const placedBy = order.placedBy === null ? {} : { placedBy: order.placedBy };
  return {
    id: jsonInt64(order.id),
    petId: jsonInt64(order.petId),
    quantity: order.quantity,
    ...shipDate,
    status: order.status,
    complete: order.complete,
    ...placedBy,
  };
}
