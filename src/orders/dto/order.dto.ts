import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { API_KEY_NAME_PATTERN } from '../../common/auth/api-key-name.js';
import type { JsonInt64 } from '../../common/int64/int64.js';
import { DATE_TIME_SCHEMA } from '../../common/validation/field.decorators.js';
import { OrderStatus } from '../order-status.enum.js';
import { QUANTITY_MAX, QUANTITY_MIN } from './create-order.dto.js';

/** Order as returned; int64 fields as JsonInt64, exact in JSON. */
@ApiSchema({
  name: 'Order',
  description:
    'An order as returned: the fields of NewOrder with their defaults applied, plus the id the ' +
    'service assigned.',
})
export class OrderDto {
  @ApiProperty({
    type: 'integer',
    format: 'int64',
    description: 'Unique identifier, assigned by the service on creation.',
    example: 1,
  })
  id: JsonInt64;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    description: 'Identifier of the animal ordered.',
    example: 10,
  })
  petId: JsonInt64;

  @ApiProperty({
    type: 'integer',
    minimum: QUANTITY_MIN,
    maximum: QUANTITY_MAX,
    description: 'How many are ordered.',
    example: 1,
  })
  quantity: number;

  @ApiPropertyOptional({
    type: 'string',
    format: 'date-time',
    ...DATE_TIME_SCHEMA,
    description: 'When the order ships, in UTC to the millisecond; absent when none was given.',
    example: '2026-12-24T18:30:00.000Z',
  })
  shipDate?: string;

  @ApiProperty({ enum: OrderStatus, enumName: 'OrderStatus', description: 'Status of the order.' })
  status: OrderStatus;

  @ApiProperty({ type: 'boolean', description: 'Whether the order is complete.', example: false })
  complete: boolean;

  @ApiPropertyOptional({
    type: 'string',
    readOnly: true,
    minLength: 1,
    maxLength: 64,
    pattern: API_KEY_NAME_PATTERN,
    description:
      'The name of the API key that placed the order (never the key); absent for orders placed ' +
      'before keys were recorded.',
    example: 'shop-a',
  })
  placedBy?: string;
}
