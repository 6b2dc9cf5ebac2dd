import { Injectable } from '@nestjs/common';
import { AppException } from '../common/errors/app.exception.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';
import { jsonInt64, toInt64 } from '../common/int64/int64.js';
import { KeysetPaging, type Page } from '../common/paging/keyset-paging.js';
import type { CreatePetDto } from './dto/create-pet.dto.js';
import type { ListPetsQueryDto } from './dto/list-pets.query.dto.js';
import type { PetDto } from './dto/pet.dto.js';
import type { PetEntity } from './pet.entity.js';
import { PetsRepository } from './pets.repository.js';

@Injectable()
export class PetsService {
  constructor(
    private readonly pets: PetsRepository,
    private readonly paging: KeysetPaging,
  ) {}

  /** A page of pets in ascending id order; the cursor is bound to the status filter. */
  async list(query: ListPetsQueryDto): Promise<Page<PetDto>> {
    const page = await this.paging.page(
      query,
      `pets:${query.status ?? '*'}`,
      (afterId, take) => this.pets.listAfter(afterId, take, query.status),
      (pet) => pet.id,
    );
    return { ...page, items: page.items.map(toPetDto) };
  }

  /** A status left out stays absent (NULL): the service does not invent one. */
  async create(newPet: CreatePetDto): Promise<PetDto> {
    const record = await this.pets.insert({
      name: newPet.name,
      categoryId: toInt64(newPet.categoryId),
      status: newPet.status ?? null,
    });
    return toPetDto(record);
  }

  async get(id: bigint): Promise<PetDto> {
    const record = await this.pets.findById(id);
    if (!record) throw new AppException(ErrorCode.NOT_FOUND, `No pet with id ${id}.`);
    return toPetDto(record);
  }
}

function toPetDto(record: PetEntity): PetDto {
  const pet: PetDto = {
    id: jsonInt64(record.id),
    name: record.name,
    categoryId: jsonInt64(record.categoryId),
  };
  if (record.status !== null) pet.status = record.status;
  return pet;
}
