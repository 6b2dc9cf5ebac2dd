import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt64Value, IsOneOf, IsUnicodeText, ValidateIfPresent } from '../../common/validation/field.decorators.js';
import { PET_STATUSES, PetStatus } from '../pet-status.enum.js';

export const NAME_MAX_LENGTH = 255;

/** NewPet: the body of createPet. */
export class CreatePetDto {
  @ApiProperty({ description: "The animal's name.", minLength: 1, maxLength: NAME_MAX_LENGTH, example: 'Rex' })
  @IsUnicodeText(1, NAME_MAX_LENGTH)
  name: string;

  @ApiProperty({ type: 'integer', format: 'int64', description: 'Identifier of the category the animal belongs to.', example: 1 })
  @IsInt64Value()
  categoryId: number | bigint;

  @ApiPropertyOptional({ enum: PetStatus, enumName: 'PetStatus', description: 'Availability status. Left out, it stays absent.' })
  @IsOneOf(PET_STATUSES)
  @ValidateIfPresent()
  status?: PetStatus;
}
