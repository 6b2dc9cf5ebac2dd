import { ApiPropertyOptional } from '@nestjs/swagger';
import { PageCursor, PageLimit } from '../../common/paging/page-query.decorators.js';
import {
  IsApiKeyName,
  IsInt64Text,
  IsOneOf,
  ValidateIfPresent,
} from '../../common/validation/field.decorators.js';
import { API_KEY_NAME_PATTERN } from '../../common/auth/api-key-name.js';
import { ORDER_STATUSES, OrderStatus } from '../order-status.enum.js';

/** Query of listOrders. Values stay text until validated. */
export class ListOrdersQueryDto {
  @PageLimit('Maximum number of orders to return.')
  limit?: string;

  @ApiPropertyOptional({
    enum: OrderStatus,
    enumName: 'OrderStatus',
    description: 'Only orders with this status.',
  })
  @IsOneOf(ORDER_STATUSES)
  @ValidateIfPresent()
  status?: OrderStatus;

  @ApiPropertyOptional({
    type: 'integer',
    format: 'int64',
    description: 'Only orders for this animal.',
  })
  @IsInt64Text()
  @ValidateIfPresent()
  petId?: string;

  @ApiPropertyOptional({
    type: 'string',
    minLength: 1,
    maxLength: 64,
    pattern: API_KEY_NAME_PATTERN,
    description: 'Only orders placed with the API key of this name (`placedBy`).',
    example: 'shop-a',
  })
  @IsApiKeyName()
  @ValidateIfPresent()
  placedBy?: string;

  @PageCursor()
  cursor?: string;
}
