import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiKeyAuth } from '../common/auth/api-key-auth.decorator.js';
import { RequestKey } from '../common/auth/request-key.decorator.js';
import { API_PREFIX } from '../common/http/api-prefix.js';
import { ApiTag } from '../common/openapi/api-tag.decorator.js';
import { setNextPageLink } from '../common/paging/keyset-paging.js';
import { ListOrderEventsQueryDto } from './dto/list-order-events.query.dto.js';
import { OrderEventDto } from './dto/order-event.dto.js';
import { ApiListEvents } from './order-events.openapi.js';
import { OrderEventsService } from './order-events.service.js';

const EVENTS_PATH = `/${API_PREFIX}/events`;

@ApiTag('events', 'What changed: every change of an order, in commit order.')
@ApiKeyAuth()
@Controller('events')
export class OrderEventsController {
  constructor(private readonly events: OrderEventsService) {}

  @Get()
  @ApiListEvents()
  async list(
    @Query() query: ListOrderEventsQueryDto,
    @RequestKey() key: RequestKey,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OrderEventDto[]> {
    const page = await this.events.list(query, key);
    setNextPageLink(
      response,
      EVENTS_PATH,
      query,
      { type: query.type, orderId: query.orderId },
      page,
      'after',
    );
    return page.items;
  }
}
