import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import type { Response } from 'express';
import { ApiKeyAuth } from '../common/auth/api-key-auth.decorator.js';
import { RequestKey } from '../common/auth/request-key.decorator.js';
import { API_PREFIX } from '../common/http/api-prefix.js';
import { withEntityTag } from '../common/http/entity-tag.js';
import { Preconditions, RequestPreconditions } from '../common/http/preconditions.js';
import { ApiTag } from '../common/openapi/api-tag.decorator.js';
import { setNextPageLink } from '../common/paging/keyset-paging.js';
import { jsonInt64Text } from '../common/int64/int64.js';
import { ParseInt64Pipe } from '../common/validation/parse-int64.pipe.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import { CreateOrderDto } from './dto/create-order.dto.js';
import { ListOrdersQueryDto } from './dto/list-orders.query.dto.js';
import { OrderDto } from './dto/order.dto.js';
import { UpdateOrderDto } from './dto/update-order.dto.js';
import {
  ApiCreateOrder,
  ApiDeleteOrder,
  ApiGetOrder,
  ApiListOrders,
  ApiUpdateOrder,
} from './orders.openapi.js';
import { OrdersService } from './orders.service.js';

const ORDERS_PATH = `/${API_PREFIX}/store/orders`;

@ApiTag('store', "The store's orders.")
@ApiKeyAuth()
@Controller('store/orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get()
  @ApiListOrders()
  async list(
    @Query() query: ListOrdersQueryDto,
    @Preconditions() preconditions: RequestPreconditions,
    @RequestKey() key: RequestKey,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OrderDto[]> {
    const page = await this.orders.list(query, preconditions, key);
    setNextPageLink(
      response,
      ORDERS_PATH,
      query,
      { status: query.status, petId: query.petId, placedBy: query.placedBy },
      page,
    );
    return page.items;
  }

  @Post()
  @HttpCode(201)
  @Idempotent()
  @ApiCreateOrder()
  async create(
    @Body() newOrder: CreateOrderDto,
    @Preconditions() preconditions: RequestPreconditions,
    @RequestKey() key: RequestKey,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OrderDto> {
    const order = withEntityTag(response, await this.orders.create(newOrder, preconditions, key));
    response.location(`${ORDERS_PATH}/${jsonInt64Text(order.id)}`);
    return order;
  }

  @Get(':orderId')
  @ApiGetOrder()
  async get(
    @Param('orderId', ParseInt64Pipe) orderId: bigint,
    @Preconditions() preconditions: RequestPreconditions,
    @RequestKey() key: RequestKey,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OrderDto> {
    return withEntityTag(response, await this.orders.get(orderId, preconditions, key));
  }

  @Patch(':orderId')
  @ApiUpdateOrder()
  async update(
    @Param('orderId', ParseInt64Pipe) orderId: bigint,
    @Body() patch: UpdateOrderDto,
    @Preconditions() preconditions: RequestPreconditions,
    @RequestKey() key: RequestKey,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OrderDto> {
    return withEntityTag(response, await this.orders.update(orderId, patch, preconditions, key));
  }

  @Delete(':orderId')
  @HttpCode(204)
  @ApiDeleteOrder()
  delete(
    @Param('orderId', ParseInt64Pipe) orderId: bigint,
    @Preconditions() preconditions: RequestPreconditions,
    @RequestKey() key: RequestKey,
  ): Promise<void> {
    return this.orders.delete(orderId, preconditions, key);
  }
}
