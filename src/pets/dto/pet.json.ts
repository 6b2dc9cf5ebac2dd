import type { PetDto } from './pet.dto.js';

/**
 * Writes a Pet as JSON without a generic serialiser: the fields are known, int64 values go out as
 * exact digits. The output is byte for byte what stringifyJson writes (pet.json.spec.ts).
 */
export function writePetJson(pet: PetDto): string {
  const status = pet.status === undefined ? '' : `,"status":${JSON.stringify(pet.status)}`;
  return `{"id":${pet.id},"name":${JSON.stringify(pet.name)},"categoryId":${pet.categoryId}${status}}`;
}

export const petJson = (pet: PetDto): string => writePetJson(pet);

export const petsJson = (pets: readonly PetDto[]): string =>
  `[${pets.map(writePetJson).join(',')}]`;
