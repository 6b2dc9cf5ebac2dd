import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiResponse } from '@nestjs/swagger';
import { ApiErrorResponses } from '../common/errors/api-error-responses.decorator.js';
import { nextPageLinkHeaderDoc } from '../common/paging/keyset-paging.js';
import { OrderEventDto } from './dto/order-event.dto.js';
import { eventsExpiredResponse } from '../events/event-feed.errors.js';
import { ORDER_EVENT_FAMILY } from './order-event-family.js';

// The OpenAPI description of the order events feed.

export function ApiListEvents() {
  return applyDecorators(
    ApiOperation({
      operationId: 'listEvents',
      summary: 'List order events',
      description:
        'Every change of an order, oldest first, in the order the changes committed: ' +
        '`order.created`, `order.changed`, `order.approved`, `order.delivered`, ' +
        '`order.deleted`. Ids are opaque (`evt_` and 22 characters): they tell nothing of other ' +
        'events, so compare two events of one order by `orderVersion`. An event appears only ' +
        'once every event before it has: a consumer that stores the id of the last event it ' +
        'handled and asks again with `after` misses nothing and sees nothing twice. When more may follow, the ' +
        '`Link` header has a `rel="next"` URL; the last page has none.\n\n' +
        'Events are kept 30 days by default (`EVENTS_RETENTION_DAYS`). Resuming from an event ' +
        'older than the oldest kept is 410 `EVENTS_EXPIRED`, never a silent gap.\n\n' +
        "Keys: a store key sees every order's events; a partner key only its own orders' (an " +
        'order of another gives none).',
    }),
    ApiResponse({
      status: 200,
      description: 'A page of events.',
      type: OrderEventDto,
      isArray: true,
      headers: nextPageLinkHeaderDoc(
        '</v1/events?limit=20&type=order.delivered&after=evt_9Xq3cYb0T2mK5vLr8wPz1A>; rel="next"',
      ),
    }),
    ApiErrorResponses([400, 401, eventsExpiredResponse(ORDER_EVENT_FAMILY), 429, 500, 503]),
  );
}
