import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  PreconditionFailedException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import type { RequestKey } from '../common/auth/request-key.decorator.js';
import { strongEntityTag, type IfMatchCondition, type Tagged } from '../common/http/entity-tag.js';
import { toInt64 } from '../common/int64/int64.js';
import { KeysetPaging, type Page } from '../common/paging/keyset-paging.js';
import { parseDateTime } from '../common/validation/field.decorators.js';
import { databaseBusy } from '../database/database-availability.js';
import type { CreateOrderDto } from './dto/create-order.dto.js';
import type { ListOrdersQueryDto } from './dto/list-orders.query.dto.js';
import type { OrderDto } from './dto/order.dto.js';
import type { UpdateOrderDto } from './dto/update-order.dto.js';
import type { OrderEntity } from './order.entity.js';
import { OrderStatus } from './order-status.enum.js';
import { OrdersErrorCode } from './orders.errors.js';
import { OrdersRepository, type OrderChanges } from './orders.repository.js';

/** The lifecycle: an order's status only moves forward in this order (a step may be skipped). */
const LIFECYCLE: readonly OrderStatus[] = [OrderStatus.PLACED, OrderStatus.APPROVED, OrderStatus.DELIVERED];

/** The fields a patch may hold. */
const PATCH_FIELDS = ['status', 'shipDate', 'quantity', 'complete'] as const;

/** What moves an order along: the store's to change, never a partner key's. */
const STORE_FIELDS = ['status', 'complete'] as const;

/**
 * How often a change is tried again when the order changed between its read and its write (no
 * If-Match: the change applies to the state current then); past it, 503 with nothing changed.
 */
const CHANGE_ATTEMPTS = 10;

@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly paging: KeysetPaging,
  ) {}

  /** Places an order for an existing pet, recorded as placed by the request's key; status defaults to placed, complete to false. */
  async create(newOrder: CreateOrderDto, key: RequestKey): Promise<Tagged<OrderDto>> {
    const petId = toInt64(newOrder.petId);
    // Pets are never deleted, so a pet found here is still there for the insert; the foreign key holds regardless.
    if (!(await this.orders.petExists(petId))) {
      throw new UnprocessableEntityException(`No pet with id ${petId}: an order must name an existing pet.`, { errorCode: OrdersErrorCode.PET_NOT_FOUND });
    }
    const order = await this.orders.insert({
      petId,
      quantity: newOrder.quantity,
      shipDate: newOrder.shipDate === undefined ? null : parseDateTime(newOrder.shipDate),
      status: newOrder.status ?? OrderStatus.PLACED,
      complete: newOrder.complete ?? false,
      placedBy: key.name,
    });
    return tagged(order);
  }

  /**
   * A page of orders in ascending id order: a partner key's own only (another key's placedBy gives
   * none). The cursor is bound to the filters and to the key.
   */
  async list(query: ListOrdersQueryDto, key: RequestKey): Promise<Page<OrderDto>> {
    const petId = query.petId === undefined ? undefined : BigInt(query.petId);
    const placedBy = key.kind === ApiKeyKind.PARTNER ? key.name : query.placedBy;
    const page = await this.paging.page(
      query,
      // Key names hold no ':' (API_KEY_NAME), so the scope names one set of filters and one key.
      `orders:${query.status ?? '*'}:${petId ?? '*'}:${query.placedBy ?? '*'}:${key.name}`,
      (afterId, take) =>
        query.placedBy !== undefined && query.placedBy !== placedBy
          ? Promise.resolve([])
          : this.orders.listAfter(afterId, take, { status: query.status, petId, placedBy }),
      (order) => order.id,
    );
    return { ...page, items: page.items.map(toOrderDto) };
  }

  /** The order; 404 when there is none, or it is another key's and this is a partner key (the same answer, so ids reveal nothing). */
  async get(id: bigint, key: RequestKey): Promise<Tagged<OrderDto>> {
    const order = await this.orders.findById(id);
    if (!order || !visibleTo(order, key)) throw notFound(id);
    return tagged(order);
  }

  /**
   * Applies a JSON Merge Patch under the order's rules. The write is conditional on the version
   * read, so a change made meanwhile by anyone is never overwritten: with If-Match that is a 412,
   * without it the patch is decided again on the new state.
   */
  async update(id: bigint, patch: UpdateOrderDto, ifMatch: IfMatchCondition | undefined, key: RequestKey): Promise<Tagged<OrderDto>> {
    if (PATCH_FIELDS.every((field) => patch[field] === undefined)) {
      throw new BadRequestException(`The patch is empty: send at least one of ${PATCH_FIELDS.join(', ')}.`);
    }
    // Before the order is read: the answer is the same whether it exists or whose it is.
    const moving = STORE_FIELDS.filter((field) => patch[field] !== undefined);
    if (key.kind === ApiKeyKind.PARTNER && moving.length > 0) {
      throw new ForbiddenException(
        `The partner key "${key.name}" cannot change ${moving.join(' or ')}: moving an order along is the store's. A partner key may change shipDate and quantity of its own orders.`,
        { errorCode: OrdersErrorCode.ORDER_MOVE_NOT_PERMITTED },
      );
    }
    for (let attempt = 1; ; attempt++) {
      const order = await this.current(id, ifMatch, key);
      const changes = changesOf(order, patch);
      if (Object.keys(changes).length === 0) return tagged(order);
      if (await this.orders.updateAtVersion(id, order.version, changes)) return tagged({ ...order, ...changes, version: order.version + 1 });
      if (attempt === CHANGE_ATTEMPTS) throw databaseBusy(`order ${id} changed ${CHANGE_ATTEMPTS} times while this change was being made`);
    }
  }

  /** Deletes the order unless it is delivered; with If-Match only the state it names. */
  async delete(id: bigint, ifMatch: IfMatchCondition | undefined, key: RequestKey): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const order = await this.current(id, ifMatch, key);
      if (order.status === OrderStatus.DELIVERED) {
        throw refused(order, 'a delivered order cannot be deleted; placed and approved orders can');
      }
      if (await this.orders.deleteAtVersion(id, order.version)) return;
      if (attempt === CHANGE_ATTEMPTS) throw databaseBusy(`order ${id} changed ${CHANGE_ATTEMPTS} times while it was being deleted`);
    }
  }

  /** The order as it is now: 404 when there is none or the partner key may not see it (whatever If-Match says), 412 when If-Match names another state. */
  private async current(id: bigint, ifMatch: IfMatchCondition | undefined, key: RequestKey): Promise<OrderEntity> {
    const order = await this.orders.findCurrent(id);
    if (!order || !visibleTo(order, key)) throw notFound(id);
    const etag = entityTagOf(order);
    if (ifMatch && !ifMatch.matches(etag)) {
      throw new PreconditionFailedException(
        `Order ${id} has changed: its ETag is now ${etag}, not ${ifMatch.toString()}. Nothing was changed; GET it to see its current state.`,
      );
    }
    return order;
  }
}

/**
 * What the patch changes on the order as it is; a field sent with the value it has is no change.
 * 409 ORDER_CHANGE_NOT_ALLOWED when a rule refuses a change, checked against the current status.
 */
function changesOf(order: OrderEntity, patch: UpdateOrderDto): OrderChanges {
  const changes: OrderChanges = {};
  if (patch.status !== undefined && patch.status !== order.status) changes.status = patch.status;
  if (patch.shipDate !== undefined) {
    const shipDate = patch.shipDate === null ? null : parseDateTime(patch.shipDate);
    if (shipDate?.getTime() !== order.shipDate?.getTime()) changes.shipDate = shipDate;
  }
  if (patch.quantity !== undefined && patch.quantity !== order.quantity) changes.quantity = patch.quantity;
  if (patch.complete !== undefined && patch.complete !== order.complete) changes.complete = patch.complete;
  const changed = Object.keys(changes);
  if (changed.length === 0) return changes;
  if (order.status === OrderStatus.DELIVERED) {
    throw refused(order, `a delivered order is final and nothing of it changes any more (this patch would change ${changed.join(', ')})`);
  }
  if (changes.status !== undefined && LIFECYCLE.indexOf(changes.status) < LIFECYCLE.indexOf(order.status)) {
    const later = LIFECYCLE.slice(LIFECYCLE.indexOf(order.status) + 1);
    throw refused(
      order,
      `status moves only forward (placed → approved → delivered), so from ${order.status} only to ${later.join(' or ')}; got ${changes.status}`,
    );
  }
  if (changes.quantity !== undefined && order.status !== OrderStatus.PLACED) {
    throw refused(order, 'quantity changes only while an order is placed; status, shipDate and complete may still change');
  }
  if (changes.complete === false) throw refused(order, 'complete may become true, never false again');
  return changes;
}

function refused(order: OrderEntity, rule: string): ConflictException {
  return new ConflictException(`Order ${order.id} is ${order.status}: ${rule}.`, { errorCode: OrdersErrorCode.ORDER_CHANGE_NOT_ALLOWED });
}

/** A store key sees every order; a partner key those it placed (never one placed before keys were recorded). */
function visibleTo(order: OrderEntity, key: RequestKey): boolean {
  return key.kind === ApiKeyKind.STORE || order.placedBy === key.name;
}

function notFound(id: bigint): NotFoundException {
  return new NotFoundException(`No order with id ${id}.`);
}

/** The order's strong ETag: its id and version, so a tag of one order never matches another. */
function entityTagOf(order: OrderEntity): string {
  return strongEntityTag(order.id, order.version);
}

function tagged(order: OrderEntity): Tagged<OrderDto> {
  return { body: toOrderDto(order), etag: entityTagOf(order) };
}

/** A ship date left out stays absent; one given is returned in UTC, to the millisecond. */
function toOrderDto(order: OrderEntity): OrderDto {
  const shipDate = order.shipDate === null ? {} : { shipDate: order.shipDate.toISOString() };
  const placedBy = order.placedBy === null ? {} : { placedBy: order.placedBy };
  return { id: order.id, petId: order.petId, quantity: order.quantity, ...shipDate, status: order.status, complete: order.complete, ...placedBy };
}
