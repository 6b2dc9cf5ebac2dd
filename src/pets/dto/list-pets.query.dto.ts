import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsDecimalIntegerInRange, IsOneOf, IsOpaqueToken, ValidateIfPresent } from '../../common/validation/field.decorators.js';
import { PET_STATUSES, PetStatus } from '../pet-status.enum.js';

export const LIST_LIMIT_DEFAULT = 20;
export const LIST_LIMIT_MAX = 100;

/** Query of listPets. Values stay text until validated: implicit conversion would accept 1e1 or 0x10. */
export class ListPetsQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: LIST_LIMIT_MAX,
    default: LIST_LIMIT_DEFAULT,
    description: 'Maximum number of animals to return.',
  })
  @IsDecimalIntegerInRange(1, LIST_LIMIT_MAX)
  @ValidateIfPresent()
  limit?: string;

  @ApiPropertyOptional({ enum: PetStatus, enumName: 'PetStatus', description: 'Filter by availability status.' })
  @IsOneOf(PET_STATUSES)
  @ValidateIfPresent()
  status?: PetStatus;

  @ApiPropertyOptional({
    type: 'string',
    // No example: Swagger UI would send it on "Try it out", and only issued cursors are valid.
    description: 'Where the page starts: pass the URL of the previous response\'s `Link: rel="next"` header as it is. Opaque; do not build or alter it.',
  })
  @IsOpaqueToken()
  @ValidateIfPresent()
  cursor?: string;
}
