import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { API_KEY_NAME_PATTERN } from '../../common/auth/api-key-name.js';
import type { JsonInt64 } from '../../common/int64/int64.js';
import { DATE_TIME_SCHEMA } from '../../common/validation/field.decorators.js';
import { OrderDto } from './order.dto.js';
import { EVENT_ID_PATTERN } from '../../events/event-id.codec.js';
import { OrderEventType } from '../order-event-type.enum.js';

/** An order event as the feed answers it; int64 fields as JsonInt64, exact in JSON. */
@ApiSchema({
  name: 'OrderEvent',
  description:
    'One change of one order. The feed lists events in the order in which their changes ' +
    'committed; `orderVersion` tells which of two events of an order is newer.',
})
export class OrderEventDto {
  @ApiProperty({
    type: 'string',
    pattern: EVENT_ID_PATTERN,
    description:
      'The event id: opaque, the same wherever the event is shown. Resume the feed after it; a ' +
      'webhook carries it as `webhook-id`. It tells nothing of other events: compare events by ' +
      'their place in the feed, or by `orderVersion` within one order.',
    example: 'evt_9Xq3cYb0T2mK5vLr8wPz1A',
  })
  id: string;

  @ApiProperty({ enum: OrderEventType, enumName: 'OrderEventType', description: 'What happened.' })
  type: OrderEventType;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    ...DATE_TIME_SCHEMA,
    description: 'When the change was made, in UTC to the millisecond.',
    example: '2026-11-26T12:00:00.000Z',
  })
  timestamp: string;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    description: 'The order changed.',
    example: 4821390123,
  })
  orderId: JsonInt64;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description:
      "The order's version after the change (its ETag's); a deletion is one past the last " +
      'version.',
    example: 2,
  })
  orderVersion: number;

  @ApiPropertyOptional({
    type: 'string',
    minLength: 1,
    maxLength: 64,
    pattern: API_KEY_NAME_PATTERN,
    description:
      'The name of the key that owns the order (its `placedBy`); absent for orders placed ' +
      'before keys were recorded.',
    example: 'shop-a',
  })
  owner?: string;

  @ApiProperty({
    type: OrderDto,
    description:
      'The order after the change, as getOrder answers it; for `order.deleted`, its last state.',
  })
  data: OrderDto;
}
