import { Module, type NestModule } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Request } from 'express';
import { deprecationHeaders } from '../common/http/deprecation.middleware.js';
import { API_PREFIX } from '../common/http/api-prefix.js';
import { PagingModule } from '../common/paging/paging.module.js';
import { IdempotencyModule } from '../idempotency/idempotency.module.js';
import { GET_PET_DEPRECATION } from './pets.deprecation.js';
import { PetEntity } from './pet.entity.js';
import { PetsController } from './pets.controller.js';
import { PetsRepository } from './pets.repository.js';
import { PetsService } from './pets.service.js';

/** GET (or HEAD) /v1/pets/{petId}; mounted on /v1/pets, the middleware sees request.url relative to it. */
function isGetPetRequest(request: Request): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && /^\/[^/?]+\/?(\?|$)/.test(request.url);
}

@Module({
  imports: [TypeOrmModule.forFeature([PetEntity]), PagingModule, IdempotencyModule],
  controllers: [PetsController],
  providers: [PetsService, PetsRepository],
})
export class PetsModule implements NestModule {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /**
   * Mounted with the adapter's plain use() on /v1/pets (a prefix, no parameters): Nest's
   * consumer.forRoutes() would register /v1/pets/:petId, and the router rejects an id it cannot
   * percent-decode before that middleware runs, leaving that 400 without the headers.
   * configure() runs before the routes are registered, so this runs before them.
   */
  configure(): void {
    this.adapterHost.httpAdapter.use(`/${API_PREFIX}/pets`, deprecationHeaders(GET_PET_DEPRECATION, isGetPetRequest));
  }
}
