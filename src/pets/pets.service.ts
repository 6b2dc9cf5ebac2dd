import { Injectable } from '@nestjs/common';
import { AppException } from '../common/errors/app.exception.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';
import { toInt64 } from '../common/int64/int64.js';
import { KeysetCursorCodec } from '../common/paging/keyset-cursor.codec.js';
import type { CreatePetDto } from './dto/create-pet.dto.js';
import { LIST_LIMIT_DEFAULT, type ListPetsQueryDto } from './dto/list-pets.query.dto.js';
import type { PetDto } from './dto/pet.dto.js';
import type { PetEntity } from './pet.entity.js';
import { PetsRepository } from './pets.repository.js';

export interface PetsPage {
  pets: PetDto[];
  /** Where the next page starts; absent on the last page. */
  nextCursor?: string;
}

@Injectable()
export class PetsService {
  constructor(
    private readonly pets: PetsRepository,
    private readonly cursors: KeysetCursorCodec,
  ) {}

  /** Keyset paging on id: one row more than asked tells whether another page follows. */
  async list(query: ListPetsQueryDto): Promise<PetsPage> {
    const limit = query.limit === undefined ? LIST_LIMIT_DEFAULT : Number(query.limit);
    // The cursor is bound to the status filter: reusing it with another filter is refused.
    const scope = `pets:${query.status ?? '*'}`;
    const afterId = query.cursor === undefined ? 0n : this.cursors.decode(query.cursor, scope);
    if (afterId === null) {
      throw new AppException(
        ErrorCode.VALIDATION_FAILED,
        'cursor is not valid for this query: use the URL of the Link rel="next" header as it is, with the same status filter.',
      );
    }
    const records = await this.pets.listAfter(afterId, limit + 1, query.status);
    const page = records.slice(0, limit).map(toPetDto);
    return records.length > limit ? { pets: page, nextCursor: this.cursors.encode(records[limit - 1].id, scope) } : { pets: page };
  }

  /** A status left out stays absent (NULL): the service does not invent one. */
  async create(newPet: CreatePetDto): Promise<PetDto> {
    const record = await this.pets.insert({ name: newPet.name, categoryId: toInt64(newPet.categoryId), status: newPet.status ?? null });
    return toPetDto(record);
  }

  async get(id: bigint): Promise<PetDto> {
    const record = await this.pets.findById(id);
    if (!record) throw new AppException(ErrorCode.NOT_FOUND, `No pet with id ${id}.`);
    return toPetDto(record);
  }
}

function toPetDto(record: PetEntity): PetDto {
  const pet: PetDto = { id: record.id, name: record.name, categoryId: record.categoryId };
  if (record.status !== null) pet.status = record.status;
  return pet;
}
