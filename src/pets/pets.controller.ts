import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { API_PREFIX } from '../common/http/api-prefix.js';
import { JsonBody } from '../common/http/json-body.js';
import { ParseInt64Pipe } from '../common/validation/parse-int64.pipe.js';
import { CreatePetDto } from './dto/create-pet.dto.js';
import { ListPetsQueryDto } from './dto/list-pets.query.dto.js';
import { PetDto } from './dto/pet.dto.js';
import { PetsService } from './pets.service.js';

@Controller('pets')
export class PetsController {
  constructor(private readonly pets: PetsService) {}

  @Get()
  list(@Query() query: ListPetsQueryDto): Promise<PetDto[]> {
    return this.pets.list(query);
  }

  @Post()
  @HttpCode(201)
  async create(@JsonBody() newPet: CreatePetDto, @Res({ passthrough: true }) response: Response): Promise<PetDto> {
    const pet = await this.pets.create(newPet);
    response.location(`/${API_PREFIX}/pets/${pet.id}`);
    return pet;
  }

  /** Deprecated: its Deprecation, Sunset and Link headers are set by PetsModule's middleware. */
  @Get(':petId')
  get(@Param('petId', ParseInt64Pipe) petId: bigint): Promise<PetDto> {
    return this.pets.get(petId);
  }
}
