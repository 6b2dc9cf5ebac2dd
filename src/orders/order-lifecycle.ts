/** An order's lifecycle: which changes its status allows, and what only the store may move. */
import { ConflictException } from '@nestjs/common';
import { parseDateTime } from '../common/validation/field.decorators.js';
import type { CreateOrderDto } from './dto/create-order.dto.js';
import type { UpdateOrderDto } from './dto/update-order.dto.js';
import type { OrderEntity } from './order.entity.js';
import { OrderStatus } from './order-status.enum.js';
import { OrdersErrorCode } from './orders.errors.js';
import type { OrderChanges } from './orders.repository.js';

/** The lifecycle: an order's status only moves forward in this order (a step may be skipped). */
const LIFECYCLE: readonly OrderStatus[] = [
  OrderStatus.PLACED,
  OrderStatus.APPROVED,
  OrderStatus.DELIVERED,
];

/** What moves an order along: the store's to change, never a partner key's. */
export const STORE_FIELDS = ['status', 'complete'] as const;

/** What of a new order goes past placed and not complete: the store's to decide. */
export function placedAlong(order: CreateOrderDto): string[] {
  const along: string[] = [];
  if (order.status !== undefined && order.status !== OrderStatus.PLACED)
    along.push(`status ${order.status}`);
  if (order.complete === true) along.push('complete true');
  return along;
}

/** What the patch changes; 409 when a rule refuses a change in the current status. */
export function changesOf(order: OrderEntity, patch: UpdateOrderDto): OrderChanges {
  const changes: OrderChanges = {};
  if (patch.status !== undefined && patch.status !== order.status) changes.status = patch.status;
  if (patch.shipDate !== undefined) {
    const shipDate = patch.shipDate === null ? null : parseDateTime(patch.shipDate);
    if (shipDate?.getTime() !== order.shipDate?.getTime()) changes.shipDate = shipDate;
  }
  if (patch.quantity !== undefined && patch.quantity !== order.quantity)
    changes.quantity = patch.quantity;
  if (patch.complete !== undefined && patch.complete !== order.complete)
    changes.complete = patch.complete;
  const changed = Object.keys(changes);
  if (changed.length === 0) return changes;
  if (order.status === OrderStatus.DELIVERED && (changed.length > 1 || changes.complete !== true)) {
    throw refused(
      order,
      `a delivered order is final: only complete may still become true (this patch would ` +
        `change ${changed.join(', ')})`,
    );
  }
  if (
    changes.status !== undefined &&
    LIFECYCLE.indexOf(changes.status) < LIFECYCLE.indexOf(order.status)
  ) {
    const later = LIFECYCLE.slice(LIFECYCLE.indexOf(order.status) + 1);
    throw refused(
      order,
      `status moves only forward (placed → approved → delivered), so from ${order.status} only ` +
        `to ${later.join(' or ')}; got ${changes.status}`,
    );
  }
  if (changes.quantity !== undefined && order.status !== OrderStatus.PLACED) {
    throw refused(
      order,
      'quantity changes only while an order is placed; status, shipDate and complete may still ' +
        'change',
    );
  }
  if (changes.complete === false)
    throw refused(order, 'complete may become true, never false again');
  return changes;
}

export function refused(order: OrderEntity, rule: string): ConflictException {
  return new ConflictException(`Order ${order.id} is ${order.status}: ${rule}.`, {
    errorCode: OrdersErrorCode.ORDER_CHANGE_NOT_ALLOWED,
  });
}
