import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import {
  IsInt64Value,
  IsOneOf,
  IsUnicodeText,
  ValidateIfPresent,
} from '../../common/validation/field.decorators.js';
import { PET_STATUSES, PetStatus } from '../pet-status.enum.js';

export const NAME_MAX_LENGTH = 255;

/** NewPet: the body of createPet. */
@ApiSchema({
  name: 'NewPet',
  description: 'An animal to add. Unknown properties, id included, are rejected.',
})
export class CreatePetDto {
  @ApiProperty({
    description: "The animal's name.",
    minLength: 1,
    maxLength: NAME_MAX_LENGTH,
    example: 'Rex',
  })
  @IsUnicodeText(1, NAME_MAX_LENGTH)
  name: string;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    description:
      'Identifier of the category the animal belongs to: any int64, written as a JSON integer.',
    example: 1,
  })
  @IsInt64Value()
  categoryId: number | bigint;

  @ApiPropertyOptional({
    enum: PetStatus,
    enumName: 'PetStatus',
    description:
      'Availability status of the animal. Left out, it stays absent: the service does not ' +
      'invent one.',
  })
  @IsOneOf(PET_STATUSES)
  @ValidateIfPresent()
  status?: PetStatus;
}
