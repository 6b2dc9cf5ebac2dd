import { ApiPropertyOptional } from '@nestjs/swagger';
import { PageLimit } from '../../common/paging/page-query.decorators.js';
import {
  IsInt64Text,
  IsOneOf,
  ValidateIfPresent,
} from '../../common/validation/field.decorators.js';
import { ORDER_EVENT_TYPES, OrderEventType } from '../order-event-type.enum.js';
import { EVENT_POSITION_PATTERN, IsEventPosition } from '../../events/event-position.decorator.js';

/** Query of listEvents. Values stay text until validated. */
export class ListOrderEventsQueryDto {
  @PageLimit('Maximum number of events to return.')
  limit?: string;

  @ApiPropertyOptional({
    type: 'string',
    pattern: EVENT_POSITION_PATTERN,
    description:
      'Only events after this one: the id of the last event seen (`evt_…`), to resume from it. ' +
      'A numeric id kept from before event ids were opaque is still taken, up to the last event ' +
      'that had one. Absent: from the oldest event kept.',
    example: 'evt_9Xq3cYb0T2mK5vLr8wPz1A',
  })
  @IsEventPosition()
  @ValidateIfPresent()
  after?: string;

  @ApiPropertyOptional({
    enum: OrderEventType,
    enumName: 'OrderEventType',
    description: 'Only events of this type.',
  })
  @IsOneOf(ORDER_EVENT_TYPES)
  @ValidateIfPresent()
  type?: OrderEventType;

  @ApiPropertyOptional({
    type: 'integer',
    format: 'int64',
    description: 'Only events of this order.',
  })
  @IsInt64Text()
  @ValidateIfPresent()
  orderId?: string;
}
