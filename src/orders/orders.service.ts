import {
  BadRequestException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { ApiKeyKind } from '../common/auth/api-key-kind.js';
import type { RequestKey } from '../common/auth/request-key.decorator.js';
import { opaqueTag, strongEntityTag, type Tagged } from '../common/http/entity-tag.js';
import type { RequestPreconditions } from '../common/http/preconditions.js';
import { toInt64 } from '../common/int64/int64.js';
import { KeysetPaging, type Page } from '../common/paging/keyset-paging.js';
import { parseDateTime } from '../common/validation/field.decorators.js';
import { LostRace, retryLostRaces } from '../database/lost-race.js';
import type { CreateOrderDto } from './dto/create-order.dto.js';
import type { ListOrdersQueryDto } from './dto/list-orders.query.dto.js';
import type { OrderDto } from './dto/order.dto.js';
import type { UpdateOrderDto } from './dto/update-order.dto.js';
import type { OrderEntity } from './order.entity.js';
import { OrderStatus } from './order-status.enum.js';
import { STORE_FIELDS, changesOf, placedAlong, refused } from './order-lifecycle.js';
import { OrdersErrorCode } from './orders.errors.js';
import { OrdersRepository } from './orders.repository.js';
import { changeEventOf, deletionEventOf, eventOf } from './order-event-family.js';
import { OrderEventType } from './order-event-type.enum.js';
import { toOrderDto } from './order.mapper.js';

/** The fields a patch may hold. */
const PATCH_FIELDS = ['status', 'shipDate', 'quantity', 'complete'] as const;

/** listOrders and createOrder are evaluated against the collection, which has no tag. */
const COLLECTION = 'The collection /v1/store/orders';

@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly paging: KeysetPaging,
  ) {}

  /** Places an order recorded as placed by the key; only a store key may start further. */
  async create(
    newOrder: CreateOrderDto,
    preconditions: RequestPreconditions,
    key: RequestKey,
  ): Promise<Tagged<OrderDto>> {
    const along = placedAlong(newOrder);
    if (key.kind === ApiKeyKind.PARTNER && along.length > 0)
      throw moveNotPermitted(key, along, 'place an order with');
    preconditions.enforce(COLLECTION, null, false);
    const petId = toInt64(newOrder.petId);
    // The foreign key decides whether the pet exists, in the insert itself: no read before it.
    const order = await this.orders.insert(
      {
        petId,
        quantity: newOrder.quantity,
        shipDate: newOrder.shipDate === undefined ? null : parseDateTime(newOrder.shipDate),
        status: newOrder.status ?? OrderStatus.PLACED,
        complete: newOrder.complete ?? false,
        placedBy: key.name,
      },
      eventOf(OrderEventType.CREATED),
    );
    if (!order)
      throw new UnprocessableEntityException(
        `No pet with id ${petId}: an order must name an existing pet.`,
        { errorCode: OrdersErrorCode.PET_NOT_FOUND },
      );
    return tagged(order);
  }

  /** A page of orders by id; a partner key's own only, the cursor bound to the key. */
  async list(
    query: ListOrdersQueryDto,
    preconditions: RequestPreconditions,
    key: RequestKey,
  ): Promise<Page<OrderDto>> {
    preconditions.enforce(COLLECTION, null, true);
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

  /** The order; another key's is 404 for a partner key, as a missing one is. */
  async get(
    id: bigint,
    preconditions: RequestPreconditions,
    key: RequestKey,
  ): Promise<Tagged<OrderDto>> {
    const newestSeen = newestVersionNamed(id, preconditions);
    const order = await this.orders.findById(
      id,
      ownerFilter(key),
      (found) => found === null || found.version < newestSeen,
    );
    if (!order) throw notFound(id);
    preconditions.enforce(`Order ${id}`, entityTagOf(order), true);
    return tagged(order);
  }

  /** A JSON Merge Patch, conditional on the version read: nothing is overwritten. */
  async update(
    id: bigint,
    patch: UpdateOrderDto,
    preconditions: RequestPreconditions,
    key: RequestKey,
  ): Promise<Tagged<OrderDto>> {
    if (PATCH_FIELDS.every((field) => patch[field] === undefined)) {
      throw new BadRequestException(
        `The patch is empty: send at least one of ${PATCH_FIELDS.join(', ')}.`,
      );
    }
    // Before the order is read: the answer is the same whether it exists or whose it is.
    const moving = STORE_FIELDS.filter((field) => patch[field] !== undefined);
    if (key.kind === ApiKeyKind.PARTNER && moving.length > 0)
      throw moveNotPermitted(key, moving, 'change');
    return retryLostRaces(`order ${id}`, async () => {
      const order = await this.current(id, preconditions, key);
      const changes = changesOf(order, patch);
      if (Object.keys(changes).length === 0) return tagged(order);
      const changed = await this.orders.updateAtVersion(order, changes, changeEventOf(changes));
      if (!changed) throw new LostRace();
      return tagged(changed);
    });
  }

  /** A delivered order is deleted only by a store key naming it in If-Match. */
  async delete(id: bigint, preconditions: RequestPreconditions, key: RequestKey): Promise<void> {
    await retryLostRaces(`order ${id}`, async () => {
      const order = await this.current(id, preconditions, key);
      if (order.status === OrderStatus.DELIVERED) {
        if (key.kind === ApiKeyKind.PARTNER)
          throw refused(
            order,
            'a delivered order cannot be deleted with a partner key; placed and approved orders ' +
              'can',
          );
        if (preconditions.ifMatch === undefined || preconditions.ifMatch.any) {
          throw refused(
            order,
            `a delivered order is deleted (voided) only with If-Match naming its current ETag, ${entityTagOf(order)}`,
          );
        }
      }
      if (!(await this.orders.deleteAtVersion(order, deletionEventOf))) throw new LostRace();
    });
  }

  /** The order now, on the primary: 404 when missing or not the partner's, else preconditions. */
  private async current(
    id: bigint,
    preconditions: RequestPreconditions,
    key: RequestKey,
  ): Promise<OrderEntity> {
    const order = await this.orders.findCurrent(id, ownerFilter(key));
    if (!order) throw notFound(id);
    preconditions.enforce(`Order ${id}`, entityTagOf(order), false);
    return order;
  }
}

/** The owner a key needs: none for a store key, its name for a partner key. */
function ownerFilter(key: RequestKey): string | undefined {
  return key.kind === ApiKeyKind.PARTNER ? key.name : undefined;
}

/** The highest version of order `id` that the request's entity tags name; 0 when they name none. */
function newestVersionNamed(id: bigint, preconditions: RequestPreconditions): number {
  let newest = 0;
  const prefix = `"${id}-`;
  for (const tag of preconditions.tags) {
    const opaque = opaqueTag(tag);
    if (!opaque.startsWith(prefix)) continue;
    const version = Number(opaque.slice(prefix.length, -1));
    if (Number.isSafeInteger(version) && version > newest) newest = version;
  }
  return newest;
}

function moveNotPermitted(
  key: RequestKey,
  moving: readonly string[],
  verb: string,
): ForbiddenException {
  return new ForbiddenException(
    `The partner key "${key.name}" cannot ${verb} ${moving.join(' or ')}: moving an order ` +
      `along is the store's. ` +
      'A partner key places orders as placed and not complete, and may change shipDate and ' +
      'quantity of its own orders.',
    { errorCode: OrdersErrorCode.ORDER_MOVE_NOT_PERMITTED },
  );
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
