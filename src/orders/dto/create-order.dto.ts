import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  DATE_TIME_SCHEMA,
  IsDateTime,
  IsInt64Value,
  IsIntegerInRange,
  IsJsonBoolean,
  IsOneOf,
  ValidateIfPresent,
} from '../../common/validation/field.decorators.js';
import { ORDER_STATUSES, OrderStatus } from '../order-status.enum.js';

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 1000;

/** NewOrder: the body of createOrder. */
@ApiSchema({
  name: 'NewOrder',
  description: 'An order to place. Unknown properties, id included, are rejected.',
})
export class CreateOrderDto {
  @ApiProperty({
    type: 'integer',
    format: 'int64',
    description: 'Identifier of the animal ordered: an existing pet.',
    example: 10,
  })
  @IsInt64Value()
  petId: number | bigint;

  @ApiProperty({
    type: 'integer',
    minimum: QUANTITY_MIN,
    maximum: QUANTITY_MAX,
    description: 'How many are ordered.',
    example: 1,
  })
  @IsIntegerInRange(QUANTITY_MIN, QUANTITY_MAX)
  quantity: number;

  @ApiPropertyOptional({
    type: 'string',
    format: 'date-time',
    ...DATE_TIME_SCHEMA,
    description:
      'When the order ships: an RFC 3339 date-time with a time zone, at most to the ' +
      'millisecond, years 1000 to 9999. ' +
      'Stored in UTC and returned in UTC (with Z). Left out, the order has none.',
    example: '2026-12-24T18:30:00Z',
  })
  @IsDateTime()
  @ValidateIfPresent()
  shipDate?: string;

  @ApiPropertyOptional({
    enum: OrderStatus,
    enumName: 'OrderStatus',
    default: OrderStatus.PLACED,
    description: 'Status of the order.',
  })
  @IsOneOf(ORDER_STATUSES)
  @ValidateIfPresent()
  status?: OrderStatus;

  @ApiPropertyOptional({
    type: 'boolean',
    default: false,
    description: 'Whether the order is complete.',
  })
  @IsJsonBoolean()
  @ValidateIfPresent()
  complete?: boolean;
}
