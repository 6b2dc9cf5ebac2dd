import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type { JsonInt64 } from '../../common/int64/int64.js';
import { PetStatus } from '../pet-status.enum.js';
import { NAME_MAX_LENGTH } from './create-pet.dto.js';

/** Pet as returned; int64 fields as JsonInt64, exact in JSON. */
@ApiSchema({
  name: 'Pet',
  description: 'An animal as returned: all fields of NewPet, plus the id the service assigned.',
})
export class PetDto {
  @ApiProperty({
    type: 'integer',
    format: 'int64',
    description: 'Unique identifier, assigned by the service on creation.',
    example: 10,
  })
  id: JsonInt64;

  @ApiProperty({
    description: "The animal's name.",
    minLength: 1,
    maxLength: NAME_MAX_LENGTH,
    example: 'Rex',
  })
  name: string;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    description: 'Identifier of the category the animal belongs to.',
    example: 1,
  })
  categoryId: JsonInt64;

  @ApiPropertyOptional({
    enum: PetStatus,
    enumName: 'PetStatus',
    description: 'Availability status; absent when none was given on creation.',
  })
  status?: PetStatus;
}
