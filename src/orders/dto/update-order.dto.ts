import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  DATE_TIME_SCHEMA,
  IsDateTime,
  IsIntegerInRange,
  IsJsonBoolean,
  IsOneOf,
  ValidateIfPresent,
  ValidateIfPresentNotNull,
} from '../../common/validation/field.decorators.js';
import { ORDER_STATUSES, OrderStatus } from '../order-status.enum.js';
import { QUANTITY_MAX, QUANTITY_MIN } from './create-order.dto.js';

/** UpdateOrder: the body of updateOrder, a JSON Merge Patch (RFC 7396) of an Order. */
@ApiSchema({
  name: 'UpdateOrder',
  description:
    'A JSON Merge Patch (RFC 7396) of an order: the fields sent replace the current ones, those ' +
    'left out stay. At least one field; ' +
    'unknown properties, `id` and `petId` included, are rejected. Status moves only forward ' +
    '(placed → approved → delivered, a step may be ' +
    'skipped); a delivered order is final, except that complete may still become true; quantity ' +
    'changes only while the order is placed; complete may become true, never false again. ' +
    'A field sent with the value it has already is no change.',
})
export class UpdateOrderDto {
  @ApiPropertyOptional({
    enum: OrderStatus,
    enumName: 'OrderStatus',
    description: 'The new status: later in placed → approved → delivered.',
  })
  @IsOneOf(ORDER_STATUSES)
  @ValidateIfPresent()
  status?: OrderStatus;

  @ApiPropertyOptional({
    type: 'string',
    format: 'date-time',
    ...DATE_TIME_SCHEMA,
    nullable: true,
    description:
      'When the order ships, as on create (RFC 3339 with a time zone, to the millisecond); null ' +
      'clears it.',
    example: '2026-12-24T18:30:00Z',
  })
  @IsDateTime()
  @ValidateIfPresentNotNull()
  shipDate?: string | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: QUANTITY_MIN,
    maximum: QUANTITY_MAX,
    description: 'How many are ordered; changes only while the order is placed.',
    example: 2,
  })
  @IsIntegerInRange(QUANTITY_MIN, QUANTITY_MAX)
  @ValidateIfPresent()
  quantity?: number;

  @ApiPropertyOptional({
    type: 'boolean',
    description: 'Whether the order is complete; once true, it stays true.',
    example: true,
  })
  @IsJsonBoolean()
  @ValidateIfPresent()
  complete?: boolean;
}
