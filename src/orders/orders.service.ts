import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { toInt64 } from '../common/int64/int64.js';
import { KeysetPaging, type Page } from '../common/paging/keyset-paging.js';
import { parseDateTime } from '../common/validation/field.decorators.js';
import type { CreateOrderDto } from './dto/create-order.dto.js';
import type { ListOrdersQueryDto } from './dto/list-orders.query.dto.js';
import type { OrderDto } from './dto/order.dto.js';
import type { OrderEntity } from './order.entity.js';
import { OrderStatus } from './order-status.enum.js';
import { OrdersErrorCode } from './orders.errors.js';
import { OrdersRepository } from './orders.repository.js';

@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly paging: KeysetPaging,
  ) {}

  /** Places an order for an existing pet; status defaults to placed, complete to false. */
  async create(newOrder: CreateOrderDto): Promise<OrderDto> {
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
    });
    return toOrderDto(order);
  }

  /** A page of orders in ascending id order; the cursor is bound to the filters. */
  async list(query: ListOrdersQueryDto): Promise<Page<OrderDto>> {
    const petId = query.petId === undefined ? undefined : BigInt(query.petId);
    const page = await this.paging.page(
      query,
      `orders:${query.status ?? '*'}:${petId ?? '*'}`,
      (afterId, take) => this.orders.listAfter(afterId, take, { status: query.status, petId }),
      (order) => order.id,
    );
    return { ...page, items: page.items.map(toOrderDto) };
  }

  async get(id: bigint): Promise<OrderDto> {
    const order = await this.orders.findById(id);
    if (!order) throw new NotFoundException(`No order with id ${id}.`);
    return toOrderDto(order);
  }

  async delete(id: bigint): Promise<void> {
    if (!(await this.orders.delete(id))) throw new NotFoundException(`No order with id ${id}.`);
  }
}

/** A ship date left out stays absent; one given is returned in UTC, to the millisecond. */
function toOrderDto(order: OrderEntity): OrderDto {
  const shipDate = order.shipDate === null ? {} : { shipDate: order.shipDate.toISOString() };
  return { id: order.id, petId: order.petId, quantity: order.quantity, ...shipDate, status: order.status, complete: order.complete };
}
