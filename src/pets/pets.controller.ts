import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrorResponses } from '../common/errors/api-error-responses.decorator.js';
import { API_PREFIX } from '../common/http/api-prefix.js';
import { deprecationHeadersDoc } from '../common/http/deprecation.middleware.js';
import { JsonBody } from '../common/http/json-body.js';
import { ParseInt64Pipe } from '../common/validation/parse-int64.pipe.js';
import { CreatePetDto } from './dto/create-pet.dto.js';
import { ListPetsQueryDto } from './dto/list-pets.query.dto.js';
import { PetDto } from './dto/pet.dto.js';
import { GET_PET_DEPRECATION } from './pets.deprecation.js';
import { PetsService } from './pets.service.js';

const DEPRECATION_HEADERS = deprecationHeadersDoc(GET_PET_DEPRECATION);

@ApiTags('pets')
@Controller('pets')
export class PetsController {
  constructor(private readonly pets: PetsService) {}

  @Get()
  @ApiOperation({ operationId: 'listPets', summary: 'List all animals', description: 'Returns a page of animals in ascending id order, optionally filtered by status.' })
  @ApiResponse({ status: 200, description: 'A page of animals.', type: PetDto, isArray: true })
  @ApiErrorResponses([400, 401, 500])
  list(@Query() query: ListPetsQueryDto): Promise<PetDto[]> {
    return this.pets.list(query);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ operationId: 'createPet', summary: 'Add an animal' })
  @ApiBody({ type: CreatePetDto, required: true, description: 'The animal to add, as application/json (at most 100 KiB).' })
  @ApiResponse({
    status: 201,
    description: 'Animal added; the body carries the assigned id.',
    type: PetDto,
    headers: { Location: { description: 'Path of the new animal: /v1/pets/{id}.', required: true, schema: { type: 'string', example: '/v1/pets/10' } } },
  })
  @ApiErrorResponses([400, 401, 413, 415, 500])
  async create(@JsonBody() newPet: CreatePetDto, @Res({ passthrough: true }) response: Response): Promise<PetDto> {
    const pet = await this.pets.create(newPet);
    response.location(`/${API_PREFIX}/pets/${pet.id}`);
    return pet;
  }

  /** Its Deprecation, Sunset and Link headers are set by PetsModule's middleware, errors included. */
  @Get(':petId')
  @ApiOperation({
    operationId: 'getPet',
    summary: 'Get an animal (deprecated)',
    deprecated: true,
    description:
      'Returns details for one animal. **Deprecated:** removal is announced for 5 December 2030. ' +
      'The replacement is `GET /pets` with the `status` filter. Every response carries Deprecation, Sunset and Link headers.',
  })
  @ApiParam({ name: 'petId', description: 'Identifier of the animal to retrieve.', schema: { type: 'integer', format: 'int64' } })
  @ApiResponse({ status: 200, description: 'The requested animal.', type: PetDto, headers: DEPRECATION_HEADERS })
  @ApiErrorResponses([400, 401, 404, 500], DEPRECATION_HEADERS)
  get(@Param('petId', ParseInt64Pipe) petId: bigint): Promise<PetDto> {
    return this.pets.get(petId);
  }
}
