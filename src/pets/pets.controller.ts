import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiKeyAuth } from '../common/auth/api-key-auth.decorator.js';
import { API_PREFIX } from '../common/http/api-prefix.js';
import { SunsetAt } from '../common/http/sunset.guard.js';
import { ApiTag } from '../common/openapi/api-tag.decorator.js';
import { setNextPageLink } from '../common/paging/keyset-paging.js';
import { jsonInt64Text } from '../common/int64/int64.js';
import { ParseInt64Pipe } from '../common/validation/parse-int64.pipe.js';
import { Idempotent } from '../idempotency/idempotent.decorator.js';
import { CreatePetDto } from './dto/create-pet.dto.js';
import { ListPetsQueryDto } from './dto/list-pets.query.dto.js';
import { PetDto } from './dto/pet.dto.js';
import { GET_PET_DEPRECATION } from './pets.deprecation.js';
import { ApiCreatePet, ApiGetPet, ApiListPets } from './pets.openapi.js';
import { PetsService } from './pets.service.js';

@ApiTag('pets', "The store's animals.")
@ApiKeyAuth()
@Controller('pets')
export class PetsController {
  constructor(private readonly pets: PetsService) {}

  @Get()
  @ApiListPets()
  async list(
    @Query() query: ListPetsQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PetDto[]> {
    const page = await this.pets.list(query);
    setNextPageLink(response, `/${API_PREFIX}/pets`, query, { status: query.status }, page);
    return page.items;
  }

  @Post()
  @HttpCode(201)
  @Idempotent()
  @ApiCreatePet()
  async create(
    @Body() newPet: CreatePetDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PetDto> {
    const pet = await this.pets.create(newPet);
    response.location(`/${API_PREFIX}/pets/${jsonInt64Text(pet.id)}`);
    return pet;
  }

  /** Its Deprecation, Sunset and Link headers come from PetsModule's middleware. */
  @Get(':petId')
  @SunsetAt(GET_PET_DEPRECATION)
  @ApiGetPet()
  get(@Param('petId', ParseInt64Pipe) petId: bigint): Promise<PetDto> {
    return this.pets.get(petId);
  }
}
