import { Injectable } from '@nestjs/common';
import { AppException } from '../common/errors/app.exception.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';
import { toInt64 } from '../common/int64/int64.js';
import type { CreatePetDto } from './dto/create-pet.dto.js';
import { LIST_LIMIT_DEFAULT, type ListPetsQueryDto } from './dto/list-pets.query.dto.js';
import type { PetDto } from './dto/pet.dto.js';
import { PetsRepository, type PetRecord } from './pets.repository.js';

@Injectable()
export class PetsService {
  constructor(private readonly pets: PetsRepository) {}

  async list(query: ListPetsQueryDto): Promise<PetDto[]> {
    const records = await this.pets.list(query.limit === undefined ? LIST_LIMIT_DEFAULT : Number(query.limit), query.status);
    return records.map(toPetDto);
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

function toPetDto(record: PetRecord): PetDto {
  const pet: PetDto = { id: record.id, name: record.name, categoryId: record.categoryId };
  if (record.status !== null) pet.status = record.status;
  return pet;
}
