import { int64FromDatabase } from '../../common/int64/int64.js';
import { stringifyJson } from '../../common/json/exact-json.codec.js';
import { PetStatus } from '../pet-status.enum.js';
import type { PetDto } from './pet.dto.js';
import { petJson, petsJson, writePetJson } from './pet.json.js';

const pets: PetDto[] = [
  { id: 1n, name: 'Rex', categoryId: 2n, status: PetStatus.AVAILABLE },
  {
    id: 9223372036854775807n,
    name: 'Ünïcødé 🐕 "quoted" \\ \u0000 \u2028',
    categoryId: -9223372036854775808n,
  },
  { id: 9007199254740993n, name: ' ', categoryId: 0n, status: PetStatus.SOLD },
];

describe('pet JSON writer', () => {
  it.each(pets.map((pet) => [pet.name, pet]))(
    'writes %p exactly as the generic codec does',
    (_name, pet) => {
      expect(writePetJson(pet)).toBe(stringifyJson(pet));
    },
  );

  it('writes int64 values read from the database (decimal text) exactly as their bigint', () => {
    for (const pet of pets) {
      const fromDatabase = {
        ...pet,
        id: int64FromDatabase(String(pet.id)),
        categoryId: int64FromDatabase(String(pet.categoryId)),
      };
      expect(writePetJson(fromDatabase)).toBe(stringifyJson(pet));
    }
  });

  it('writes lists and single pets', () => {
    expect(petsJson(pets)).toBe(stringifyJson(pets));
    expect(petsJson([])).toBe('[]');
    expect(petJson(pets[1])).toBe(stringifyJson(pets[1]));
    expect(JSON.parse(petJson(pets[0]))).toEqual({
      id: 1,
      name: 'Rex',
      categoryId: 2,
      status: 'available',
    });
  });
});
