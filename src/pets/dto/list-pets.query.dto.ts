import { ApiPropertyOptional } from '@nestjs/swagger';
import { PageCursor, PageLimit } from '../../common/paging/page-query.decorators.js';
import { IsOneOf, ValidateIfPresent } from '../../common/validation/field.decorators.js';
import { PET_STATUSES, PetStatus } from '../pet-status.enum.js';

/** Query of listPets; text until validated, so 1e1 or 0x10 are refused. */
export class ListPetsQueryDto {
  @PageLimit('Maximum number of animals to return.')
  limit?: string;

  @ApiPropertyOptional({
    enum: PetStatus,
    enumName: 'PetStatus',
    description: 'Filter by availability status.',
  })
  @IsOneOf(PET_STATUSES)
  @ValidateIfPresent()
  status?: PetStatus;

  @PageCursor()
  cursor?: string;
}
