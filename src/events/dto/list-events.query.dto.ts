import { ApiPropertyOptional } from '@nestjs/swagger';
import { PageLimit } from '../../common/paging/page-query.decorators.js';
import {
  IsInt64Text,
  IsOneOf,
  ValidateIfPresent,
} from '../../common/validation/field.decorators.js';
import { ORDER_EVENT_TYPES, OrderEventType } from '../order-event-type.enum.js';

/** Query of listEvents. Values stay text until validated. */
export class ListEventsQueryDto {
  @PageLimit('Maximum number of events to return.')
  limit?: string;

  @ApiPropertyOptional({
    type: 'integer',
    format: 'int64',
    minimum: 0,
    description:
      'Only events after this event id: the id of the last event seen, to resume from it. ' +
      'Absent: from the oldest event kept.',
    example: 1041,
  })
  @IsInt64Text(undefined, 0n)
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
