import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiKeyAuth } from '../common/auth/api-key-auth.decorator.js';
import { ApiErrorResponses } from '../common/errors/api-error-responses.decorator.js';
import { API_PREFIX } from '../common/http/api-prefix.js';
import { ApiTag } from '../common/openapi/api-tag.decorator.js';
import { nextPageLinkHeaderDoc, setNextPageLink } from '../common/paging/keyset-paging.js';
import { ParseInt64Pipe } from '../common/validation/parse-int64.pipe.js';
import { IDEMPOTENT_REPLAY_HEADERS, Idempotent } from '../idempotency/idempotent.decorator.js';
import { IDEMPOTENCY_KEY_IN_USE_RESPONSE, IDEMPOTENCY_KEY_REUSED_RESPONSE } from '../idempotency/idempotency.errors.js';
import { CreateOrderDto } from './dto/create-order.dto.js';
import { ListOrdersQueryDto } from './dto/list-orders.query.dto.js';
import { OrderDto } from './dto/order.dto.js';
import { OrdersErrorCode } from './orders.errors.js';
import { OrdersService } from './orders.service.js';

const ORDERS_PATH = `/${API_PREFIX}/store/orders`;
const ORDER_NOT_FOUND = { status: 404, description: 'No order has this id: `NOT_FOUND`.', code: 'NOT_FOUND', message: 'No order with id 42.' };
const PET_NOT_FOUND = {
  status: 422,
  description: 'The order names a pet that does not exist: `PET_NOT_FOUND`.',
  code: OrdersErrorCode.PET_NOT_FOUND,
  message: 'No pet with id 42: an order must name an existing pet.',
};

@ApiTag('store', "The store's orders.")
@ApiKeyAuth()
@Controller('store/orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get()
  @ApiOperation({
    operationId: 'listOrders',
    summary: 'List orders',
    description:
      'Returns a page of orders in ascending id order, optionally filtered by status and by pet. When more may follow, ' +
      'the `Link` header has a `rel="next"` URL for the next page; the last page has none.',
  })
  @ApiResponse({
    status: 200,
    description: 'A page of orders.',
    type: OrderDto,
    isArray: true,
    headers: nextPageLinkHeaderDoc('</v1/store/orders?limit=20&status=placed&cursor=AAAAAAAAABQw7Bq4xT3B0gP4m1yQ9zvL>; rel="next"'),
  })
  @ApiErrorResponses([400, 401, 429, 500, 503])
  async list(@Query() query: ListOrdersQueryDto, @Res({ passthrough: true }) response: Response): Promise<OrderDto[]> {
    const page = await this.orders.list(query);
    setNextPageLink(response, ORDERS_PATH, query, { status: query.status, petId: query.petId }, page);
    return page.items;
  }

  @Post()
  @HttpCode(201)
  @Idempotent()
  @ApiOperation({ operationId: 'createOrder', summary: 'Place an order for an animal' })
  @ApiBody({ type: CreateOrderDto, required: true, description: 'The order, as application/json (at most 16 KiB).' })
  @ApiResponse({
    status: 201,
    description: 'Order placed; the body carries the assigned id.',
    type: OrderDto,
    headers: {
      Location: { description: 'Path of the new order: /v1/store/orders/{id}.', required: true, schema: { type: 'string', example: '/v1/store/orders/1' } },
      ...IDEMPOTENT_REPLAY_HEADERS,
    },
  })
  @ApiErrorResponses([400, 401, 408, IDEMPOTENCY_KEY_IN_USE_RESPONSE, 413, 415, PET_NOT_FOUND, IDEMPOTENCY_KEY_REUSED_RESPONSE, 429, 500, 503, 504])
  async create(@Body() newOrder: CreateOrderDto, @Res({ passthrough: true }) response: Response): Promise<OrderDto> {
    const order = await this.orders.create(newOrder);
    response.location(`${ORDERS_PATH}/${order.id}`);
    return order;
  }

  @Get(':orderId')
  @ApiOperation({ operationId: 'getOrder', summary: 'Get an order' })
  @ApiParam({ name: 'orderId', description: 'Identifier of the order.', schema: { type: 'integer', format: 'int64' } })
  @ApiResponse({ status: 200, description: 'The order.', type: OrderDto })
  @ApiErrorResponses([400, 401, ORDER_NOT_FOUND, 429, 500, 503])
  get(@Param('orderId', ParseInt64Pipe) orderId: bigint): Promise<OrderDto> {
    return this.orders.get(orderId);
  }

  @Delete(':orderId')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteOrder', summary: 'Delete an order', description: 'Deletes the order; deleting it again is 404.' })
  @ApiParam({ name: 'orderId', description: 'Identifier of the order.', schema: { type: 'integer', format: 'int64' } })
  @ApiResponse({ status: 204, description: 'Order deleted.' })
  @ApiErrorResponses([400, 401, ORDER_NOT_FOUND, 429, 500, 503, 504])
  delete(@Param('orderId', ParseInt64Pipe) orderId: bigint): Promise<void> {
    return this.orders.delete(orderId);
  }
}
