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

/** The path of getPet, matched as the router matches it: any case, an optional trailing slash. */
const GET_PET_PATH = new RegExp(`^/${API_PREFIX}/pets/[^/]+/?$`, 'i');

/** GET (or HEAD) /v1/pets/{petId}; by the path the router routes by, also of an absolute-form target (http://host/v1/pets/1). */
function isGetPetRequest(request: Request): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && GET_PET_PATH.test(request.path);
}

@Module({
  imports: [TypeOrmModule.forFeature([PetEntity]), PagingModule, IdempotencyModule],
  controllers: [PetsController],
  providers: [PetsService, PetsRepository],
})
export class PetsModule implements NestModule {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /**
   * Mounted with the adapter's plain use(), without a path: Nest's consumer.forRoutes() would
   * register /v1/pets/:petId, and the router rejects an id it cannot percent-decode before that
   * middleware runs, leaving that 400 without the headers. On the prefix /v1/pets, the router would
   * rewrite request.url around it on every pets request (bench/README.md). configure() runs before
   * the routes are registered, so this runs before them.
   */
  configure(): void {
    this.adapterHost.httpAdapter.use(deprecationHeaders(GET_PET_DEPRECATION, isGetPetRequest));
  }
}
